"""Narration in a comment: what the code was, did or measured, instead of what it does and why.
Used by check_code_limits.py (ctest code_limits) on every comment of libcalib/, tools/, tests/;
history belongs in commit messages, measurements in docs/performance.md."""
import re

# History: the code as it was, or the change that made it what it is.
HISTORY = re.compile(
    r"\bpreviously\b|\bformerly\b|\bno longer\b|\bthis session\b|\bbefore the (?:fix|change)\b|"
    r"\bafter the (?:fix|change)\b|\b(?:is|are|must|does|do) now\b|"
    r"\bnow (?:faster|slower|cheaper)\b|"
    r"\bonce (?:gave|failed|was|were|had)\b|\b(?:reliability|architecture|review) issue\b|"
    r"\b(?:was|were) (?:~?\d[\d.,/]*\s*%?|half|a third|a quarter|most) (?:of|the)\b",
    re.IGNORECASE)
# A speed-up or a measured speed (a benchmark's goals and readings live in tools/bench/ and
# docs/performance.md, where the caller does not apply this).
SPEED = re.compile(
    r"→[^.;]*?\d\s*×|(?<![\d.])\d[\d.]*\s*×\s*→|"
    r"(?<![\d.])\d[\d.]*\s*×\s*(?:faster|slower|cheaper|quicker|fewer|speed-?up)\b|"
    r"(?<![\d.])\d[\d.]*\s*%\s+of\s+(?:the|a|an|its|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:solves?|time|runtime|run|profile|study|sweep|RHS)\b|"
    r"\b(?:µs|us|ns|ms)\s*(?:per|/)\s*(?:solve|call|evaluation|point|iteration)s?\b|"
    r"\d[\d,.]*\s+(?:[\w-]+\s+)?solves?\s*(?:/\s*s|per second)\b",
    re.IGNORECASE)
USED_TO = re.compile(r"(\S*)\s+used to\b")
# "is used to", "are used to", ...: a purpose ("the table is used to seed Newton"), not history.
PASSIVE = {"is", "are", "be", "been", "being", "was", "were", "it's", "that's"}


def narration(comment, speeds=True):
    """The narrating phrases of one comment's text (empty when it has none); speeds=False leaves
    out the measured speeds (a benchmark's own comments)."""
    found = [m.group(0) for m in HISTORY.finditer(comment)]
    if speeds:
        found += [m.group(0) for m in SPEED.finditer(comment)]
    for m in USED_TO.finditer(comment):
        before = m.group(1).strip("\"'`(")
        # Opening the comment or a sentence ("…; used to cross-check") is a purpose too.
        if before and before.lower() not in PASSIVE and not before.endswith((".", ";", ":")):
            found.append(m.group(0))
    return found


def self_test(fixture):
    """Every flag() line of the fixture must be refused and every keep() line accepted."""
    failures, flagged = [], 0
    for number, line in enumerate(fixture.read_text(encoding="utf-8").splitlines(), 1):
        code, _, comment = line.partition("//")
        found = narration(comment)
        if code.strip() == "flag();":
            flagged += 1
            if not found:
                failures.append(f"{fixture.name}:{number}: not refused: {comment.strip()}")
        elif code.strip() == "keep();" and found:
            failures.append(f"{fixture.name}:{number}: refused ({found}): {comment.strip()}")
    if flagged < 10:
        failures.append(f"{fixture.name}: only {flagged} flag() lines read")
    for failure in failures:
        print(failure)
    print(f"narration self-test: {flagged} narrating comments, {len(failures)} failures")
    return 1 if failures else 0

