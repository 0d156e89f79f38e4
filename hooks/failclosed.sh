# playgate: the fail-closed end of a gating hook's registered command.
# settings.json registers
#
#     <python> <suite>/hooks/<entrypoint>.py || sh <suite>/hooks/failclosed.sh <Event> $? || exit 2
#
# so that the command line Claude Code shows the model on a block carries no
# message text. A hook that answered passes its answer through: a block is
# JSON on exit 0 (events/render.py wire), and exit 2 (the runtime could not
# load) already has its reason on stderr. Any other exit code -- 127 no
# interpreter, 126 not executable, 1 a crash, which Claude Code would ignore
# -- becomes exit 2 with the repair text: the only time the model is told the
# gate is broken. If this file itself is missing, the command's final
# `|| exit 2` still blocks.
event=${1:-hook}
rc=${2:-1}
here=$(dirname "$0")
suite=$(cd "$here/.." 2>/dev/null && pwd -P)
# Exit 2 without the suite's code (a clone not set up, whose interpreter
# exists) is the interpreter's "can't open file": say what it means.
if [ "$rc" = 2 ] && [ -f "$here/_bootstrap.py" ]; then
    exit 2
fi
if [ -n "${CLAUDE_PLUGIN_ROOT:-}" ] && [ -f "$CLAUDE_PLUGIN_ROOT/playgate/bootstrap.py" ] \
        && [ "$suite" = "$(cd "$CLAUDE_PLUGIN_ROOT" 2>/dev/null && pwd -P)" ]; then
    repair="Set it up with: python3 \"$CLAUDE_PLUGIN_ROOT/playgate/bootstrap.py\" --data \"$CLAUDE_PLUGIN_DATA\" (it is made at session start)"
elif [ "${suite##*/}" = .claude ]; then
    # install.py / `playgate install`: the committed entry point installs the
    # pinned suite into a clone, and repairs a broken one.
    repair="It is not set up in this clone yet, or its Python environment is broken: set it up (or repair it) with: python3 \"$suite/playgate\" install \"${suite%/.claude}\""
else
    repair="Install it again to repair it: python3 \"$suite/install.py\" \"$CLAUDE_PROJECT_DIR\""
fi
printf '[playgate] the %s hook could not run (exit %s), so this is blocked to stay safe. %s\n' \
    "$event" "$rc" "$repair" >&2
exit 2
