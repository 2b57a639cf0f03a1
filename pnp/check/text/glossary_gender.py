"""glossary/gender: a term's declared gender and number against its own target, and terms it cannot serve."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

from pnp.check.text.forms import fold
from pnp.check.text.lexicon import speller
from pnp.check.text.nouns import stressed_a, unusable_gender
from pnp.errors import Finding, Severity
from pnp.i18n import N_, _
from pnp.load.pack import GLOSSARY_FILE
from pnp.load.toml import key_lines
from pnp.model import PackData
from pnp.paths import shown_path

CODE = "glossary/gender"
_ARTICLES = {
    "el": ("m", "singular"), "un": ("m", "singular"), "los": ("m", "plural"), "unos": ("m", "plural"),
    "la": ("f", "singular"), "una": ("f", "singular"), "las": ("f", "plural"), "unas": ("f", "plural"),
}  # fmt: skip
_GENDERS = {"m": N_("masculine"), "f": N_("feminine")}
_NUMBERS = {"singular": N_("singular"), "plural": N_("plural")}


def check_glossary_gender(pack: PackData) -> list[Finding]:
    terms = [(i, t) for i, t in enumerate(pack.glossary.term) if t.gender is not None or t.number is not None]
    if not terms:
        return []
    path = pack.root / GLOSSARY_FILE
    lines = key_lines(path.read_text(encoding="utf-8-sig"), "term") if path.exists() else []
    default = pack.pack.printed_language
    findings = []
    for index, term in terms:
        keys: dict[str, int] = lines[index] if index < len(lines) else {}
        words = re.findall(r"\w+", term.target)
        article = _ARTICLES.get(words[0].lower()) if len(words) > 1 else None

        finding = partial(_finding, path, keys, index)

        if article is not None and term.gender is not None and article[0] != term.gender:
            feminine_el = term.gender == "f" and words[0].lower() in ("el", "un") and stressed_a(words[1])
            if not feminine_el:
                findings.append(
                    finding(
                        Severity.WARNING,
                        "gender",
                        _(
                            'term "{term}" is {gender} (gender = "{code}"), but its article "{article}" is {other}'
                        ).format(
                            term=term.target,
                            gender=_(_GENDERS[term.gender]),
                            code=term.gender,
                            article=words[0],
                            other=_(_GENDERS[article[0]]),
                        ),
                        _('correct gender to "{code}", or the article of the target').format(code=article[0]),
                    )
                )
        if article is not None and term.number is not None and article[1] != term.number:
            findings.append(
                finding(
                    Severity.WARNING,
                    "number",
                    _('term "{term}" is {number} (number = "{code}"), but its article "{article}" is {other}').format(
                        term=term.target,
                        number=_(_NUMBERS.get(term.number, term.number)),
                        code=term.number,
                        article=words[0],
                        other=_(_NUMBERS[article[1]]),
                    ),
                    _('correct number to "{code}", or the article of the target').format(code=article[1]),
                )
            )
        if article is None and term.gender is not None:
            findings += _other_terms_disagree(pack, index, term.target, term.gender, finding)
        why = unusable_gender(term, speller(term.lang or default)) if term.gender is not None else None
        if why is not None:
            findings.append(
                finding(
                    Severity.INFO,
                    "gender",
                    _('term "{term}" is {why}: glossary apply ignores its gender').format(term=term.target, why=_(why)),
                    _("remove gender, or give it to the term of the noun itself"),
                )
            )
    return findings


def _other_terms_disagree(
    pack: PackData, index: int, target: str, gender: str, finding: Callable[[Severity, str, str, str], Finding]
) -> list[Finding]:
    """A term's gender against the article other terms of the glossary write before it: "ficha" with
    gender = "m" beside a term "la ficha de Alerta"."""
    noun = fold(target.strip())
    for other in pack.glossary.term:
        words = re.findall(r"\w+", other.target)
        if other is pack.glossary.term[index] or len(words) < 2:
            continue
        article = _ARTICLES.get(words[0].lower())
        rest = fold(other.target.strip()[len(words[0]) :].strip())
        if article is None or article[0] == gender or not re.match(rf"{re.escape(noun)}s?(?!\w)", rest):
            continue
        if gender == "f" and words[0].lower() in ("el", "un") and stressed_a(words[1]):
            continue
        return [
            finding(
                Severity.WARNING,
                "gender",
                _(
                    'term "{term}" is {gender} (gender = "{code}"), but the glossary writes "{other}" (term "{source}")'
                ).format(term=target, gender=_(_GENDERS[gender]), code=gender, other=other.target, source=other.source),
                _('correct gender to "{code}", or the article of "{other}"').format(
                    code=article[0], other=other.target
                ),
            )
        ]
    return []


def _finding(
    path: Path, keys: dict[str, int], index: int, severity: Severity, key: str, message: str, hint: str
) -> Finding:
    line = keys.get(key, keys.get(""))
    return Finding(severity, CODE, shown_path(path), message, line, None, f"term[{index}].{key}", hint)
