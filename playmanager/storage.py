"""What every game's save files share: reading, the atomic writer, errors.

Each game has its own format (``.2048`` is the Java reference's layout;
the other games start with a header line, :func:`header`), but they are
read and written the same way:

* :func:`read_text` reads at most :data:`MAX_FILE_BYTES` of UTF-8 text
  from a regular file, refusing a directory, a FIFO or a device;
* a file that cannot be loaded raises :class:`SaveFileError`, which names
  the file, the line and the problem, and which the command line prints
  as one line (``playmanager: cannot load FILE: line N: problem``, exit 2);
* :func:`write_atomically` replaces a file in one step, so a crash or a
  full disk leaves the old file or the new one, never a mix.

This module never prints, never reads the terminal and never executes any
part of a file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

TYPE_CHECKING = False  # typing costs start-up time (issue 14)
if TYPE_CHECKING:
    from typing import Final

MAX_FILE_BYTES: Final = 1 << 20
"""Largest save file we read (1 MiB; a 300 x 300 board of 4-digit tiles)."""

_MAX_DIGITS: Final = 20
_ASCII_DIGITS: Final = frozenset("0123456789")
_ANY_WRITE: Final = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
READ_ONLY: Final = "the file is read-only"
"""Why a save is refused over a file its player cannot write."""
HEADER_WORD: Final = "save"
"""The word between a game's name and the format version in a header line."""


class SaveFileError(ValueError):
    """A save file that cannot be loaded: which file, where, and why.

    ``line`` is the 1-based line number, or None when the problem is the
    file as a whole (missing, a directory, too large).
    """

    def __init__(self, path: str, line: int | None, message: str) -> None:
        super().__init__(path, line, message)
        self.path = path
        self.line = line
        self.message = message

    @property
    def detail(self) -> str:
        """The problem and where it is, without the file name."""
        if self.line is None:
            return self.message
        return f"line {self.line}: {self.message}"

    def __str__(self) -> str:
        return f"{self.path}: {self.detail}"


def whole_number(text: str) -> int | None:
    """Return the value of ``text`` as Java's Scanner reads a number, or None.

    Accepted: an optional ``+`` or ``-`` and ASCII digits (``+4``, ``007``,
    ``-0``). A value of more than 20 significant digits comes back as
    +-10**20, beyond every range we accept, so that no caller hands a huge
    digit string to int().
    """
    sign, digits = (text[0], text[1:]) if text[:1] in ("+", "-") else ("", text)
    if not digits or not _ASCII_DIGITS.issuperset(digits):
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS:
        digits = "1" + "0" * _MAX_DIGITS
    return int(sign + digits)


def whole_word(words: list[str], what: str, low: int, high: int) -> int:
    """The one word of ``words``, a whole number from ``low`` to ``high``;
    raise ValueError saying what ``what`` must be and what it got."""
    value = whole_number(words[0]) if len(words) == 1 else None
    if value is None or not low <= value <= high:
        raise ValueError(
            f"{what} must be a whole number from {low} to {high}, "
            f"got {' '.join(words)[:40]!r}"
        )
    return value


def file_mark(path: str) -> tuple[int, int, int, int] | None:
    """Device, inode, size and time of change of ``path``; None if absent:
    equal marks mean the file is as it was (no other program wrote it)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def describe_os_error(error: OSError) -> str:
    """A short reason for an OSError, without the file name repeated."""
    return error.strerror or str(error)


def _check_regular(mode: int, path: str) -> None:
    """Raise OSError unless ``mode`` is a regular file's.

    A directory, a FIFO or a device is neither a save to read (a FIFO would
    hang) nor one to replace (replacing /dev/null would be a surprise).
    """
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "Not a regular file", path)


def read_bytes(path: str) -> bytes:
    """Read at most MAX_FILE_BYTES of a regular file, or raise SaveFileError.

    O_NONBLOCK opens a FIFO without waiting for a writer, so that it is
    refused instead of hanging the game.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            _check_regular(os.fstat(fd).st_mode, path)
            with open(fd, "rb", closefd=False) as file:
                data = file.read(MAX_FILE_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as error:
        raise SaveFileError(path, None, describe_os_error(error)) from error
    if len(data) > MAX_FILE_BYTES:
        raise SaveFileError(path, None, "the file is larger than the 1 MiB limit")
    return data


def decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        bad = data[error.start : error.start + 1].hex()
        raise SaveFileError(path, line, f"not UTF-8 text (byte 0x{bad})") from error


def _existing_mode(target: str) -> int | None:
    """Return the permission bits of an existing regular file, None if absent.

    Raises OSError for a directory or any other non-regular file.
    """
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return None
    _check_regular(info.st_mode, target)
    return stat.S_IMODE(info.st_mode)


def _create_temporary(target: str) -> tuple[int, str]:
    """Create a new hidden file beside ``target``; return (fd, path).

    Mode 0o666 lets the umask decide, as Java's FileWriter does.
    """
    folder, name = os.path.split(target)
    while True:
        temporary = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue


def _fsync_folder(folder: str) -> None:
    """Make the rename durable; some systems cannot fsync a folder: skip."""
    with contextlib.suppress(OSError):
        fd = os.open(folder or ".", os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomically(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` (ASCII) in one step; raise OSError.

    The text goes to a temporary file in the same folder, is flushed and
    fsynced, then ``os.replace``d over the target, so a crash or a full
    disk leaves the old file or the new one, never a mix. A symbolic link
    is followed, so the file it points to is replaced and the link stays.
    An existing file keeps its permission bits. On any failure (even
    KeyboardInterrupt) the temporary file is removed and the old file is
    left exactly as it was.
    """
    if path.endswith(("/", os.sep)):
        # realpath would drop the slash and save a file where a folder was meant
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    target = os.path.realpath(path)
    old_mode = _existing_mode(target)
    if old_mode is not None and _read_only(target, old_mode):
        # the rename would replace it whatever its mode: refuse, as the
        # player could not write it themselves
        raise PermissionError(errno.EACCES, READ_ONLY, path)
    try:
        fd, temporary = _create_temporary(target)
    except PermissionError as error:  # the words why_unwritable says it in
        raise PermissionError(errno.EACCES, _unwritable_folder(path), path) from error
    try:
        with open(fd, "w", encoding="ascii", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(fd)
        if old_mode is not None:
            os.chmod(temporary, old_mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_folder(os.path.dirname(target))


def why_unwritable(path: str) -> str | None:
    """Why a save to ``path`` would fail, said before play starts: its
    folder is missing or not writable (the atomic writer makes a file
    beside it), or the file is read-only; None when it looks writable."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {os.path.dirname(path) or folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return _unwritable_folder(path)
    mode = _existing_mode_or_none(path)
    if mode is not None and _read_only(path, mode):
        return READ_ONLY
    return None


def _unwritable_folder(path: str) -> str:
    """Why a save to ``path`` fails when its folder is not the player's to
    write (the atomic writer makes a file beside it)."""
    folder = os.path.dirname(path) or os.path.dirname(os.path.abspath(path))
    return f"the folder {folder} is not writable"


def _existing_mode_or_none(path: str) -> int | None:
    """The permission bits of a regular file at ``path``; None for none."""
    try:
        return _existing_mode(path)
    except OSError:
        return None


def _read_only(path: str, mode: int) -> bool:
    """True when the file at ``path`` (permission bits ``mode``) is not the
    player's to write: they lack write permission, or nobody has it (root
    may write anything, but a file chmod'ed read-only was meant to stay)."""
    return not os.access(path, os.W_OK) or not mode & _ANY_WRITE


def read_text(path: str) -> str:
    """Return the text of the save file at ``path``; raise SaveFileError.

    The file must be a regular file of at most MAX_FILE_BYTES of UTF-8.
    """
    return decode(read_bytes(path), path)


def header(game: str, version: int) -> str:
    """The first line of a save file of ``game``, format ``version``.

    ``forty-thieves save 1``: the game's name (as ``--game`` takes it), so
    that ``python -m playmanager FILE`` knows which game a file holds.
    """
    return f"{game} {HEADER_WORD} {version}\n"


def _header_words(first_line: str) -> tuple[str, int] | None:
    """(game, version) of a header line, or None if it is not one."""
    words = first_line.split()
    if len(words) != 3 or words[1] != HEADER_WORD:
        return None
    version = whole_number(words[2])
    return None if version is None else (words[0], version)


def header_game(first_line: str) -> str | None:
    """The game a save file's first line names, or None if it names none."""
    words = _header_words(first_line)
    return None if words is None else words[0]


def check_header(text: str, path: str, game: str, versions: frozenset[int]) -> str:
    """Check that ``text`` starts with ``game``'s header; return the rest.

    Raises SaveFileError (line 1) naming what the first line should be,
    or which versions this program reads.
    """
    first, _, rest = text.partition("\n")
    words = _header_words(first)
    if words is None or words[0] != game:
        expected = header(game, max(versions)).strip()
        raise SaveFileError(path, 1, f"expected {expected!r}, got {first[:40]!r}")
    if words[1] not in versions:
        readable = ", ".join(map(str, sorted(versions)))
        raise SaveFileError(
            path,
            1,
            f"format version {words[1]} is not one this program reads "
            f"(it reads {readable})",
        )
    return rest
