"""The Russian catalog as the tests read it: a tiny reader of the .po format."""

import ast
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

CATALOG = Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES"
PO = CATALOG / "django.po"
MO = CATALOG / "django.mo"


@dataclass
class Entry:
    """One entry of a .po file: its flags, context, msgid and its translations (one per plural form)."""

    line: int
    flags: set[str] = field(default_factory=set)
    fields: dict[str, str] = field(default_factory=dict)

    @property
    def msgid(self) -> str:
        return self.fields.get("msgid", "")

    @property
    def translations(self) -> list[str]:
        return [value for key, value in self.fields.items() if key.startswith("msgstr")]

    def __str__(self) -> str:
        context = self.fields.get("msgctxt")
        return f"line {self.line}: {self.msgid!r}" + (f" (context {context!r})" if context else "")


def read_po(path: Path) -> list[Entry]:
    """Return the entries of a .po file (obsolete ``#~`` entries left out); a tiny reader of the
    format msgmerge writes: ``#,`` flag lines, keywords followed by one or more quoted strings."""
    entries: list[Entry] = []
    entry: Entry | None = None
    key = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            entry, key = None, ""
            continue
        if line.startswith("#"):
            if entry is not None and entry.fields:  # a comment after the strings opens a new entry
                entry, key = None, ""
            if line.startswith("#,"):
                entry = entry or _new_entry(entries, number)
                entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith('"'):
            assert entry is not None and key, f"{path}:{number}: a string outside an entry"
            entry.fields[key] += ast.literal_eval(line)
            continue
        keyword, _, value = line.partition(" ")
        if keyword == "msgctxt" or (keyword == "msgid" and entry is not None and "msgid" in entry.fields):
            entry = None  # a new entry without a blank line before it
        entry = entry or _new_entry(entries, number)
        key = keyword
        entry.fields[key] = ast.literal_eval(value)
    return [e for e in entries if e.fields]  # flags of an obsolete entry have no strings


def _new_entry(entries: list[Entry], number: int) -> Entry:
    entries.append(Entry(line=number))
    return entries[-1]
