"""The archive's pull-request steps: ``pr_create`` (or find the branch's
open PR) and ``pr_merge`` through ``gh``, and the PR's title and body."""

from __future__ import annotations

from messages import Text
from statefiles import fastjson
from workflow.archive.git_steps import Git, need_branch, recorded
from workflow.archive.steps import StepFailed, StepSkipped


def pr_text(pb) -> tuple:
    """``(title, body)`` for the commit and the PR, from the playbook."""
    summary = str(pb.goal.get("summary") or "").strip()
    title = summary.splitlines()[0][:120] if summary else f"Playbook {pb.id}"
    lines = [f"Playbook `{pb.id}` is complete (every subtask passed the critic).", ""]
    if summary:
        lines += ["## Goal", summary, ""]
    done_when = pb.goal.get("done_when")
    if isinstance(done_when, list) and done_when:
        lines.append("## Done when")
        for item in done_when[:30]:
            if isinstance(item, dict):
                item = item.get("criterion") or ""
            if isinstance(item, str) and item.strip():
                lines.append(f"- {item.strip()}")
        lines.append("")
    lines.append("## Phases")
    for phase in pb.phases[:50]:
        lines.append(f"- {phase['id']} {phase.get('name') or ''}".rstrip())
        for sub in pb.subtasks_of(phase)[:50]:
            crit = str(sub.get("criterion") or "").strip().splitlines()
            lines.append(f"  - {sub['id']}: {crit[0][:200] if crit else ''}".rstrip())
    lines += ["", "Archived by playgate's post-loop."]
    return title, "\n".join(lines)


def _gh_missing_hint(cp: dict) -> str:
    return Text("archive.hint.gh_missing", branch=cp.get("branch"))


def _pr_state(g: Git, ref: str) -> tuple:
    """``(state, url, number)`` of the PR for ``ref`` (branch or number), or
    ``(None, None, None)`` when there is none. Raises StepFailed when gh is
    missing."""
    view = g.gh("pr", "view", ref, "--json", "state,url,number")
    if view.missing:
        raise StepFailed(Text("archive.fail.gh_missing"), "")
    if not view.ok:
        return None, None, None
    try:
        data = fastjson.loads(view.out)
    except ValueError:
        return None, None, None
    if not isinstance(data, dict):
        return None, None, None
    return (str(data.get("state") or "").upper() or None, data.get("url"), data.get("number"))


def step_pr_create(root: str, cp: dict, g: Git) -> str:
    branch = need_branch(g, cp)
    remote = cp.get("remote") or g.remote_for(cp, branch)
    default = recorded(cp, "default_branch", g.default_branch(cp, remote),
                        Text("archive.fail.no_default_branch"),
                        Text("archive.hint.set_default_branch_human"))
    if branch == default:
        raise StepSkipped(Text("archive.skip.on_default", branch=default), rest=True)
    try:
        state, url, number = _pr_state(g, branch)
    except StepFailed as exc:
        raise StepFailed(exc.reason, _gh_missing_hint(cp)) from None
    if state in ("OPEN", "MERGED"):
        cp["pr_url"], cp["pr_number"] = url, number
        return Text("archive.detail.pr_already_open" if state == "OPEN"
                    else "archive.detail.pr_already_merged", ref=url or number)
    create = g.gh("pr", "create", "--base", default, "--head", branch, "--title", cp["title"],
                  "--body-file", "-", stdin=cp.get("body") or "")
    if create.missing:
        raise StepFailed(Text("archive.fail.gh_missing"), _gh_missing_hint(cp))
    if not create.ok:
        raise StepFailed(Text("archive.fail.pr_create", detail=create.detail()),
                         Text("archive.hint.pr_create"))
    urls = [w for w in create.out.split() if w.startswith("http")]
    cp["pr_url"] = urls[-1] if urls else create.out.strip()[:300]
    state, url, number = _pr_state(g, branch)
    if number is not None:
        cp["pr_number"], cp["pr_url"] = number, url or cp["pr_url"]
    return Text("archive.detail.pr_opened", url=cp["pr_url"])


def step_pr_merge(root: str, cp: dict, g: Git) -> str:
    ref = str(cp.get("pr_number") or cp.get("pr_url") or cp.get("branch") or "")
    try:
        state, url, _ = _pr_state(g, ref)
    except StepFailed as exc:
        raise StepFailed(exc.reason, _gh_missing_hint(cp)) from None
    if state == "MERGED":
        return Text("archive.detail.pr_already_merged", ref=url or ref)
    if state != "OPEN":
        raise StepFailed(Text("archive.fail.pr_state", ref=url or ref, state=state) if state
                         else Text("archive.fail.pr_not_found", ref=url or ref),
                         Text("archive.hint.reopen_pr"))
    merge = g.gh("pr", "merge", ref, f"--{cp.get('merge_method') or 'merge'}")
    state_after, url, _ = _pr_state(g, ref)
    if state_after != "MERGED":
        why = merge.detail() if not merge.ok else (
            Text("archive.fail.pr_still", state=state_after) if state_after
            else Text("archive.fail.pr_still_unknown"))
        raise StepFailed(Text("archive.fail.pr_not_merged", ref=url or ref, why=why),
                         Text("archive.hint.pr_blocked"))
    return Text("archive.detail.pr_merged", ref=url or ref)
