"""statefiles.record.Record, the base of the suite's small value classes:
fields by position, by name and from ``_defaults``; the TypeErrors a
plain signature gives; slots only; defaults that cannot be shared mutable
state. Hypothesis compares it with the equivalent Python signature over
random field lists and calls."""

from __future__ import annotations

import inspect
import keyword

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from draws import examples

from statefiles.record import Record


class Point(Record):
    __slots__ = ("x", "y", "label", "tags")
    _defaults = {"label": "", "tags": ()}


class Point3(Point):
    __slots__ = ("z",)
    _defaults = {**Point._defaults, "z": 0}


class Bare(Record):
    __slots__ = ("a",)


def _fields(obj) -> dict:
    return {n: getattr(obj, n) for n in type(obj)._fields}


def test_positional_by_name_and_defaults():
    assert _fields(Point(1, 2)) == {"x": 1, "y": 2, "label": "", "tags": ()}
    assert _fields(Point(1, 2, "p", ("t",))) == {"x": 1, "y": 2, "label": "p", "tags": ("t",)}
    assert _fields(Point(y=2, x=1, tags=("t",))) == {"x": 1, "y": 2, "label": "", "tags": ("t",)}
    assert _fields(Point(1, y=2, label="q")) == {"x": 1, "y": 2, "label": "q", "tags": ()}


def test_a_subclass_adds_its_fields_after_its_bases():
    assert Point3._fields == ("x", "y", "label", "tags", "z")
    assert _fields(Point3(1, 2, z=3)) == {"x": 1, "y": 2, "label": "", "tags": (), "z": 3}
    assert Point3(1, 2).z == 0


@pytest.mark.parametrize("call, message", [
    (lambda: Point(1), "Point() missing 1 required argument: 'y'"),
    (lambda: Point(), "Point() missing 2 required arguments: 'x' and 'y'"),
    (lambda: Point(1, 2, colour="red"), "Point() got an unexpected keyword argument 'colour'"),
    (lambda: Point(1, 2, x=3), "Point() got multiple values for argument 'x'"),
    (lambda: Point(1, 2, 3, 4, 5), "Point() takes 4 positional arguments but 5 were given"),
    (lambda: Bare(1, 2), "Bare() takes 1 positional argument but 2 were given"),
])
def test_wrong_calls_raise_type_error_like_a_signature(call, message):
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == message


def test_only_slots_no_stray_attribute():
    p = Point(1, 2)
    assert not hasattr(p, "__dict__")
    with pytest.raises(AttributeError):
        p.colour = "red"
    p.label = "changed"  # fields stay assignable (the walker sets Redirect.path later)
    assert p.label == "changed"


def test_a_subclass_without_slots_is_refused():
    with pytest.raises(TypeError, match="declares __slots__"):
        class Loose(Record):  # noqa: F841
            pass


def test_a_default_for_no_field_is_refused():
    with pytest.raises(TypeError, match="'colour' is not a field"):
        class Typo(Record):  # noqa: F841
            __slots__ = ("color",)
            _defaults = {"colour": None}


@pytest.mark.parametrize("value", [[], {}, set(), bytearray(), ([],)])
def test_a_mutable_default_is_refused(value):
    """One default object is shared by every record that takes it, so it may
    not be something a record could change under the others."""
    with pytest.raises(TypeError, match="mutable"):
        class Shared(Record):  # noqa: F841
            __slots__ = ("items",)
            _defaults = {"items": value}


def test_a_default_is_the_value_given_and_immutable():
    a, b = Point(1, 2), Point(3, 4)
    assert a.tags is b.tags == ()
    a.tags += ("x",)  # rebinding one record's field leaves the other's alone
    assert b.tags == () and a.tags == ("x",)


def test_a_subclass_may_set_computed_fields_after_super_init():
    class Counted(Record):
        __slots__ = ("items", "seen")

        def __init__(self, items) -> None:
            super().__init__(items, [])

    one, two = Counted((1,)), Counted((2,))
    one.seen.append(1)
    assert two.seen == [] and one.items == (1,)


def test_repr_names_the_fields():
    assert repr(Point(1, 2)) == "Point(x=1, y=2, label='', tags=())"


# ------------------------------------------------------------------ hypothesis

_NAME = st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True).filter(
    lambda n: not keyword.iskeyword(n) and n not in ("self",))
_VALUE = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                   st.tuples(st.integers()))


@st.composite
def _spec(draw):
    """Fields, the defaults of a suffix of them (as a signature needs) and a
    call: some positional arguments, some keyword ones (possibly unknown or
    repeating a positional one)."""
    names = draw(st.lists(_NAME, min_size=0, max_size=7, unique=True))
    first_default = draw(st.integers(0, len(names)))
    defaults = {n: draw(_VALUE) for n in names[first_default:]}
    npos = draw(st.integers(0, len(names) + 1))
    args = [draw(_VALUE) for _ in range(npos)]
    named = draw(st.lists(st.one_of(st.sampled_from(names) if names else st.nothing(), _NAME),
                          unique=True, max_size=len(names) + 1))
    kwargs = {n: draw(_VALUE) for n in named}
    return names, defaults, args, kwargs


@settings(max_examples=examples(300), deadline=None)
@given(_spec())
def test_record_binds_as_the_equivalent_signature(spec):
    names, defaults, args, kwargs = spec
    cls = type("R", (Record,), {"__slots__": tuple(names), "_defaults": defaults})
    signature = inspect.Signature([
        inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          default=defaults.get(n, inspect.Parameter.empty)) for n in names])
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        with pytest.raises(TypeError):
            cls(*args, **kwargs)
        return
    bound.apply_defaults()
    obj = cls(*args, **kwargs)
    assert _fields(obj) == dict(bound.arguments)
    assert not hasattr(obj, "__dict__")


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(_NAME, min_size=1, max_size=7, unique=True), st.data())
def test_any_field_may_have_a_default(names, data):
    """Unlike a signature, a field without a default may follow one with a
    default: it must then be given (by position or by name)."""
    with_default = data.draw(st.sets(st.sampled_from(names)))
    defaults = {n: data.draw(_VALUE) for n in names if n in with_default}
    cls = type("R", (Record,), {"__slots__": tuple(names), "_defaults": defaults})
    given_ = {n: data.draw(_VALUE) for n in names
              if n not in with_default or data.draw(st.booleans())}
    obj = cls(**given_)
    assert _fields(obj) == {n: given_[n] if n in given_ else defaults[n] for n in names}
