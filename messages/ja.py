"""日本語メッセージ (issue 11 item 3)。

KEY → ``str.format`` テンプレート。キーとフィールドは ``en.py`` と同じ
(tests/test_messages.py が確認する)。ここに無いキーは英語で表示される。
識別子・パス・コマンド・skill 名・agent 名は翻訳しない。
"""

MESSAGES = {
    # ------------------------------------------------------------ shared
    "shared.state_problems": " state.md に問題があります: {problems}。",
    "shared.state_problems_more": " state.md に問題があります: {problems} (ほか {more} 件)。",
    # ------------------------------------------------------------ main-branch
    "main_branch.edit": (
        "現在 {branch} ブランチにいます。このブランチでは {path} を編集できません。"
        "先に作業ブランチを作成してから再実行してください (例: `git checkout -b feat/<short-name>`、"
        "fix/・docs/・chore/ も可)。"
    ),
    "main_branch.bash": (
        "現在 {branch} ブランチにいます。このコマンドはリポジトリやファイルを変更するため、"
        "このブランチでは実行できません。"
        "先に作業ブランチを作成してから再実行してください (例: `git checkout -b feat/<short-name>`、"
        "fix/・docs/・chore/ も可)。"
    ),
    # ------------------------------------------------------------ playbook-guard
    "playbook_guard.self_review": (
        "この編集は reviewer subagent を通さずに {plan} をレビュー済み (meta.reviewed: true) にします。"
        "記録してよいのは、この playbook に対して Task(subagent_type='reviewer') が実際に返した PASS だけで、"
        "その際 meta.reviewed_by: reviewer とします。レビューがまだなら、この編集を取り消してレビューを呼び出してください。"
    ),
    "playbook_guard.playbook_error": "{error}。state.md を修正してください (state.md は編集可能なままです)。",
    "playbook_guard.no_playbook": (
        "有効な playbook が無いため、ファイルを編集できません。Skill(skill='playbook-init') を呼び出してください: "
        "pm が play/<id>/plan.json と progress.json を書き、reviewer がレビューし、"
        "state.md の playbook.active にその plan が設定されます。"
    ),
    "playbook_guard.plan_error": (
        "有効な playbook を読み込めません: {error}。playbook を修正する (編集可能なままです) か、"
        "state.md の playbook.active を正しい plan.json に向けてください。"
    ),
    "playbook_guard.not_reviewed": (
        "{plan} はレビューされていません (meta.reviewed が true ではありません)。"
        "これに対して Task(subagent_type='reviewer') を呼び出してください。レビューが meta.reviewed と "
        "meta.reviewed_by を設定します。編集は PASS の後に始められます。"
    ),
    "playbook_guard.no_context": (
        "{plan} に 'context' がありません: 理解確認がまだ行われていません。"
        "ユーザーと一緒に understanding-check skill を実行し、その結果を plan.json の "
        "'context' に記録してから、もう一度レビューを受けてください。"
    ),
    "playbook_guard.self_reviewer": (
        "{plan} の meta.reviewed_by が {reviewer} です: playbook は作成者ではなく "
        "reviewer subagent がレビューすべきです。"
    ),
    # ------------------------------------------------------------ protected-edit
    "protected_edit.state_unreadable": (
        "state.md を検査できない ({error}) ため、編集しません: 'config' セクションを変更できるのは"
        "ユーザーだけです。state.md の修復 (git からの復元) をユーザーに依頼してください。"
    ),
    "protected_edit.config_section": (
        "state.md の '{section}' セクション (セキュリティモード、toolstack、roles) は、"
        "ユーザーが Claude Code の外でのみ変更できます。このセクションはそのままにしてください。"
        "ほかのセクション (playbook、goal、session) は編集できます。"
    ),
    "protected_edit.source_floor": "スイート自身のファイル",
    "protected_edit.source_line": "protected-files.txt の {line} 行目",
    "protected_edit.source_linked": "、そのハードリンク経由",
    "protected_edit.unstuck": (
        "{path} は {source} ({level}:{pattern}) に一致しますが、編集可能なままです: "
        "ワークフローが行き詰まりを解消するために必要なファイル (state.md、playbook ファイル、"
        ".claude/session-state/) だからです。このエントリはこのファイルには効かないことをユーザーに伝えてください。"
    ),
    "protected_edit.hard_block": (
        "{path} は保護されています (HARD_BLOCK、{source}: {pattern})。ゲートまたはその設定の一部であり、"
        "どのモードでも Claude Code からは変更できません。"
        "どうしても変更が必要なら、ユーザー自身に変更を依頼してください。"
    ),
    "protected_edit.block_strict": (
        "{path} はセキュリティモード 'strict' で保護されています (BLOCK、{source}: {pattern})。"
        "変更してよいかユーザーに確認してください。モード (state.md の config.security) や"
        "保護リストを緩められるのはユーザーだけです。"
    ),
    "protected_edit.block_trusted": (
        "{path} は保護されています (BLOCK、{source})。モード 'trusted' のため許可します。"
        "変更は最小限にし、ユーザーに伝えてください。"
    ),
    "protected_edit.warn": (
        "{path} は protected-files.txt で WARN として登録されています ({pattern})。"
        "タスクに必要な場合だけ変更してください。"
    ),
    # ------------------------------------------------------------ init-guard
    "init_guard.read_first": (
        "セッション開始: まず状態を読んでください。Read ツールで次を読んでください: {files}。"
        "読み終えると {tool} を使えます (それまでも Grep、Glob、読み取り専用コマンド、"
        "git status/log/diff/show/branch/rev-parse は使えます)。"
    ),
}
