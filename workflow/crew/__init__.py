"""The crew workflow's rules that several guards share (claude-crew's
orchestration, seed 000; its files are :mod:`statefiles.crew`):

* :mod:`workflow.crew.agents` — which crew agent is acting, for which cmd and task;
* :mod:`workflow.crew.prompts` — what an Agent call's prompt names;
* :mod:`workflow.crew.cmds` — open cmds, the plan gate, the aggregator's output;
* :mod:`workflow.crew.progress` — where a cmd stands and the parent's next step;
* :mod:`workflow.crew.stats` — execution statistics (``stats.py``, the wave ETA);
* :mod:`workflow.crew.scripts` — the crew's scripts and how Claude runs them;
* :mod:`workflow.crew.cli` — the scripts' commands.
"""

from __future__ import annotations


def say(key: str, /, **fields):
    """A message for a guard to say later: a :class:`shell.model.Msg` (the
    catalogue's ``key`` in ``messages/en.py`` and ``ja.py``, and its fields,
    which may be such messages too); the guard renders it in the session's
    language with ``ctx.render(message)``. Nothing is rendered here."""
    from shell.model import Msg  # lazy: only when a crew message is made

    return Msg(key, **fields)


def problem(key: str, /, **fields):
    """A problem the crew's rules find, as :class:`messages.Text`: a string
    (its English, as recorded in the execution log) that keeps its catalogue
    ``key`` and ``fields``, said in the reader's language where a guard shows
    it."""
    from messages import Text  # lazy: only when a problem is found

    return Text(key, **fields)
