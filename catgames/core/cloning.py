"""A state's ``clone`` made from lists of its fields, so no field is forgotten and none is
copied by hand.

Search clones a state at every node, so the clone must be as fast as one written out: the
lists are turned once, at import, into the very function one would write by hand (one line a
field), compiled from its source.  Each field is listed by how it is copied: ``shared`` (the
same object: immutable values, data, geometry), ``copied`` (a flat list copied), ``nested`` (a
list of lists, each copied), ``cloned`` (an object with its own ``clone``) or ``reset`` (set to
``None``: a cache or a generator the copy makes afresh).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence


def declared_clone(shared: Sequence[str] = (), copied: Sequence[str] = (),
                   nested: Sequence[str] = (), twice_nested: Sequence[str] = (),
                   two_lists: Sequence[str] = (), cloned: Sequence[str] = (),
                   reset: Sequence[str] = ()) -> Callable[[Any], Any]:
    """The ``clone`` method copying each field as its list says; ``fields`` on it names them all
    (a test checks they are every slot of the state)."""
    names = [*shared, *copied, *nested, *twice_nested, *two_lists, *cloned, *reset]
    bad = [name for name in names if not name.isidentifier()]
    if bad or len(set(names)) != len(names):
        raise ValueError(f"clone fields must be distinct names: {names}")
    body = ["def clone(self):", "    other = new(type(self))"]
    body += [f"    other.{f} = self.{f}" for f in shared]
    body += [f"    other.{f} = self.{f}[:]" for f in copied]
    body += [f"    other.{f} = [part[:] for part in self.{f}]" for f in nested]
    body += [f"    other.{f} = [[p[:] for p in part] for part in self.{f}]" for f in twice_nested]
    body += [f"    other.{f} = [self.{f}[0][:], self.{f}[1][:]]" for f in two_lists]
    body += [f"    other.{f} = self.{f}.clone()" for f in cloned]
    body += [f"    other.{f} = None" for f in reset]
    body.append("    return other")
    namespace: dict[str, Any] = {"new": object.__new__}
    exec(compile("\n".join(body), "<declared clone>", "exec"), namespace)
    clone: Callable[[Any], Any] = namespace["clone"]
    clone.__doc__ = "An independent copy (its fields declared in the class)."
    setattr(clone, "fields", frozenset(names))
    return clone


def declared_clones(masked: Sequence[str], **fields: Sequence[str]) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """``declared_clone(**fields)``, and the clone an observation starts from: every field but
    those in ``masked``, left unset for ``observe`` to write masked (copied first, a hidden hand
    or deck was copied only to be thrown away, two seats a move on a server)."""
    unknown = set(masked) - {name for names in fields.values() for name in names}
    if unknown:
        raise ValueError(f"masked fields not declared: {sorted(unknown)}")
    kept = {kind: [name for name in names if name not in masked] for kind, names in fields.items()}
    return declared_clone(**fields), declared_clone(**kept)
