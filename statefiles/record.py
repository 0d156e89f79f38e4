"""``Record``: the one base of the suite's small value classes — a class that
only holds the fields it was made with (a redirection, a finding, the outcome
of a git command, a problem in a file) — so each declares its fields once
instead of writing ``self.a = a`` for every one.

Why not ``dataclasses`` or ``collections.namedtuple``: these classes are made
on the hooks' hot path, where CONTRIBUTING's "Speed rules" forbid importing
``dataclasses`` (about 10 ms, with ``re``, ``inspect``...) and where
``collections`` (about 1.6 ms with ``namedtuple``) is not loaded either, in a
hook process that takes about 15 ms in all (the interpreter alone about 10).
This module imports nothing.

The price is a generic constructor (measured on CPython 3.11): 0.4 to 0.8 µs
per object instead of 0.1 to 0.2 µs for one written out. A command as typed
makes fewer than ten records (a few µs); a 300-command line with 900
redirections makes 1,500 and its analysis takes about 1.5 ms longer (20 ms
instead of 18.5). A constructor compiled per class from generated source, as
``dataclasses`` does, would cost nothing per object but about 90 µs per class
at every hook start, more than the records of any ordinary command.

A leaf module: it imports nothing, so every package may use it without an
import cycle.
"""

from __future__ import annotations

#: No value given (a default may be ``None``).
_MISSING = object()


class Record:
    """Base of a value class whose constructor takes its fields in order.

    A subclass declares its fields once, as ``__slots__`` in constructor
    order, and optionally the defaults of those a caller may leave out in the
    class-level mapping ``_defaults`` (field name → value)::

        class Stdin(Record):
            __slots__ = ("kind", "content", "dynamic")
            _defaults = {"content": None, "dynamic": False}

    ``Stdin("pipe")``, ``Stdin("file", "x", True)`` and
    ``Stdin(kind="file", dynamic=True)`` then behave as with
    ``def __init__(self, kind, content=None, dynamic=False)``: positional
    arguments fill the fields in order, keyword arguments by name, and the
    rest come from ``_defaults``.

    Defaults must be immutable (``None``, numbers, strings, ``()``,
    ``frozenset()``...): the one value is shared by every object that takes
    it, exactly as a default argument value is. An unhashable default (a
    list, dict or set) is refused when the class is made (``TypeError``); a
    field that starts as a fresh list is set by the subclass's own
    ``__init__`` after ``super().__init__(...)``.

    The fields are the ``__slots__`` of the class and of its ``Record`` bases,
    bases first. Every subclass must declare ``__slots__`` (``()`` when it adds
    no field), so an object has no ``__dict__`` and a misspelt attribute
    assignment raises ``AttributeError`` instead of passing silently.

    Errors: ``TypeError`` with the message a plain signature would give, for a
    missing field, an unknown keyword, a field given twice (by position and
    by name) or too many positional arguments; ``TypeError`` when a subclass
    is defined without ``__slots__``, with a default for a name that is not a
    field, or with an unhashable default.

    ``repr()`` is ``Name(field=value, ...)`` unless the subclass defines its
    own. Equality stays identity, as for any plain object.
    """

    __slots__ = ()
    #: Field name → default, for the fields a caller may leave out
    #: (immutable values only, see the class docstring).
    _defaults: dict = {}
    #: The constructor's fields in order (computed for each subclass).
    _fields: tuple = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "__slots__" not in vars(cls):
            raise TypeError(f"{cls.__name__}: a Record subclass declares __slots__ "
                            "(its fields in constructor order, () for none)")
        fields: list = []
        for base in reversed(cls.__mro__):
            slots = vars(base).get("__slots__", ())
            if isinstance(slots, str):
                slots = (slots,)
            fields.extend(n for n in slots if n not in ("__dict__", "__weakref__"))
        cls._fields = tuple(fields)
        for name, value in cls._defaults.items():
            if name not in cls._fields:
                raise TypeError(f"{cls.__name__}._defaults: {name!r} is not a field "
                                f"(the fields are {', '.join(cls._fields) or 'none'})")
            try:
                hash(value)
            except TypeError:
                raise TypeError(f"{cls.__name__}._defaults: the default of {name!r} is a "
                                f"mutable {type(value).__name__}, which every object would "
                                "share; set it in __init__ instead") from None

    def __init__(self, *args, **kwargs) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} positional "
                            f"argument{'' if len(fields) == 1 else 's'} but {len(args)} "
                            f"{'was' if len(args) == 1 else 'were'} given")
        for name, value in zip(fields, args):
            setattr(self, name, value)
        if len(args) == len(fields) and not kwargs:
            return
        defaults = self._defaults
        missing = []
        for name in fields[len(args):]:
            value = kwargs.pop(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    missing.append(name)
                    continue
            setattr(self, name, value)
        if kwargs or missing:
            raise TypeError(self._call_error(kwargs, missing))

    def _call_error(self, kwargs: dict, missing: list) -> str:
        """The message of the ``TypeError`` for the keyword arguments left
        over (``kwargs``: not a field, or a field given by position too) or
        the fields given no value (``missing``), worded as Python's own."""
        cls = type(self).__name__
        if kwargs:
            name = next(iter(kwargs))
            if name in self._fields:
                return f"{cls}() got multiple values for argument {name!r}"
            return f"{cls}() got an unexpected keyword argument {name!r}"
        names = " and ".join(", ".join(repr(n) for n in missing).rsplit(", ", 1))
        return (f"{cls}() missing {len(missing)} required "
                f"argument{'' if len(missing) == 1 else 's'}: {names}")

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n, '<unset>')!r}" for n in self._fields)
        return f"{type(self).__name__}({shown})"
