"""The MIS's Generic Stack module: an immutable stack of any element type.

``Stack(T)`` answers the MIS's first question ("What should be written
here?") as a sequence of T held in a tuple, bottom first. Every "change"
returns a new stack and leaves the old one as it was, as the MIS's
``push`` (``out := new Stack(S || <e>)``) says; so a board can share its
piles with its copies. This module never prints and never reads input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Generic, NoReturn, TypeVar

T = TypeVar("T")


class Stack(Generic[T]):
    """Stack(T): new Stack(s), push, pop, top, size, toSeq (bottom to top).

    ``pop()`` and ``top()`` on an empty stack raise IndexError, the MIS's
    out_of_range. Stacks are equal when they hold equal elements in the
    same order, and hashable when their elements are.
    """

    __slots__ = ("_items",)
    _items: tuple[T, ...]

    def __init__(self, s: Iterable[T] = ()) -> None:
        """new Stack(s): ``S := s``; ``s[0]`` is the bottom, ``s[-1]`` the top."""
        object.__setattr__(self, "_items", tuple(s))

    @classmethod
    def _of(cls, items: tuple[T, ...]) -> Stack[T]:
        """A stack holding ``items`` as they are (no copy; they are a tuple)."""
        stack: Stack[T] = object.__new__(cls)
        object.__setattr__(stack, "_items", items)
        return stack

    def push(self, e: T) -> Stack[T]:
        """push(e): ``out := new Stack(S || <e>)``."""
        return self._of((*self._items, e))

    def pop(self) -> Stack[T]:
        """pop(): the stack without its top, ``S - S[|S| - 1]``.

        MIS: exception ``(|S| = 0 => out_of_range)``: IndexError.
        """
        if not self._items:
            raise IndexError("pop from an empty stack")
        return self._of(self._items[:-1])

    def top(self) -> T:
        """top(): ``out := S[|S| - 1]``.

        MIS: exception ``(|S| = 0 => out_of_range)``: IndexError.
        """
        if not self._items:
            raise IndexError("top of an empty stack")
        return self._items[-1]

    def size(self) -> int:
        """size(): ``out := |S|``."""
        return len(self._items)

    def toSeq(self) -> list[T]:
        """toSeq(): ``out := S``, bottom to top, as a new list."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        """The elements bottom to top, as toSeq() lists them."""
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stack):
            return NotImplemented
        return self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"Stack({list(self._items)!r})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("a Stack is immutable: push and pop return new stacks")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("a Stack is immutable: push and pop return new stacks")
