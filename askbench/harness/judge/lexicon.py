"""A lexicon of meaning: the words a prompt's chrome uses to say what a choice does, who asks, and how safe it is.

The options, the hint and the title are read for what they claim, in the
language a renderer chose to write them in. So the judge does not know
wordings, it knows meanings — approve, deny, once, this session, always;
safe, read-only, sandboxed, no network; who asks (an agent, a subagent, the
main agent) — and here, per meaning and per language, the words and phrases
that say them: English, German, French, Spanish, Japanese and Chinese
(simplified, with the traditional forms that differ).

Choices, and where the words come from: the labels the agents themselves
ship (Claude Code, Codex, Gemini CLI, OpenCode: ``Yes``, ``Allow once``,
``Allow always``, ``Reject``, ``don't ask again``) and their translations in
common localisations of terminals and browsers (Firefox, VS Code language
packs: ``Zulassen``/``Ablehnen``, ``Autoriser``/``Refuser``,
``Permitir``/``Denegar``, ``許可``/``拒否``, ``允许``/``拒绝``). A word that
is also everyday filler in its language is left out when it would read a
claim into a question: German ``sicher``, French ``sûr`` and Spanish
``seguro`` also mean *sure* (``Sind Sie sicher?``), so safety is read from
``ungefährlich``, ``sans danger``, ``sin riesgo`` and their like. Latin-script
entries match whole words; Japanese and Chinese ones, written without spaces
between words, match wherever they stand. Text is case-folded first, and
where two entries start at one place the longest wins, so ``don't ask
again`` is *always*, not *deny*, and ``subagent`` is not ``agent``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

__all__ = ["LANGUAGES", "LEXICON", "Meaning", "Said", "meanings", "said"]

Meaning = Literal[
    "approve",
    "deny",
    "once",
    "session",
    "always",
    "safe",
    "read-only",
    "sandboxed",
    "no-network",
    "agent",
    "subagent",
    "main-agent",
]
LANGUAGES = ("en", "de", "fr", "es", "ja", "zh")

LEXICON: Mapping[Meaning, Mapping[str, tuple[str, ...]]] = {
    "approve": {
        "en": (
            "yes",
            "allow",
            "approve",
            "accept",
            "proceed",
            "ok",
            "okay",
            "run",
            "continue",
            "confirm",
            "grant",
            "trust",
            "permit",
            "sure",
            "execute",
            "apply",
        ),
        "de": (
            "ja",
            "zulassen",
            "erlauben",
            "erlaubt",
            "genehmigen",
            "akzeptieren",
            "annehmen",
            "fortfahren",
            "ausführen",
            "bestätigen",
            "gewähren",
            "freigeben",
            "weiter",
        ),
        "fr": (
            "oui",
            "autoriser",
            "permettre",
            "accepter",
            "approuver",
            "continuer",
            "exécuter",
            "confirmer",
            "valider",
        ),
        "es": (
            "sí",
            "si",
            "permitir",
            "aprobar",
            "aceptar",
            "continuar",
            "ejecutar",
            "confirmar",
            "autorizar",
            "proceder",
        ),
        "ja": ("はい", "許可", "承認", "実行", "続行", "確認"),
        "zh": (
            "是",
            "允许",
            "允許",
            "批准",
            "同意",
            "执行",
            "執行",
            "继续",
            "繼續",
            "确认",
            "確認",
        ),
    },
    "deny": {
        "en": (
            "no",
            "not",
            "deny",
            "reject",
            "decline",
            "cancel",
            "refuse",
            "block",
            "abort",
            "stop",
            "don't",
            "disallow",
            "forbid",
            "skip",
            "dismiss",
        ),
        "de": (
            "nein",
            "nicht",
            "ablehnen",
            "verweigern",
            "abbrechen",
            "verbieten",
            "blockieren",
            "überspringen",
            "zurückweisen",
            "stopp",
        ),
        "fr": ("non", "refuser", "rejeter", "annuler", "bloquer", "interdire", "ignorer", "pas"),
        "es": ("no", "denegar", "rechazar", "cancelar", "bloquear", "prohibir", "omitir"),
        "ja": ("いいえ", "拒否", "却下", "キャンセル", "中止", "許可しない"),
        "zh": ("否", "不", "拒绝", "拒絕", "取消", "禁止", "阻止", "不允许", "不允許"),
    },
    "once": {
        "en": ("once", "only this time", "this time", "just this once", "one time"),
        "de": ("einmal", "einmalig", "nur dieses mal", "dieses eine mal"),
        "fr": ("une fois", "cette fois", "une seule fois"),
        "es": ("una vez", "esta vez", "solo esta vez", "sólo esta vez"),
        "ja": ("今回のみ", "今回だけ", "一度だけ", "1回のみ", "一回のみ"),
        "zh": ("仅此一次", "僅此一次", "一次", "本次", "这次", "這次"),
    },
    "session": {
        "en": ("session", "this session"),
        "de": ("sitzung", "diese sitzung"),
        "fr": ("session", "cette session"),
        "es": ("sesión", "sesion", "esta sesión"),
        "ja": ("セッション", "このセッション"),
        "zh": ("会话", "會話", "本次会话", "本次會話", "此会话"),
    },
    "always": {
        "en": (
            "always",
            "forever",
            "permanently",
            "every time",
            "don't ask again",
            "do not ask again",
            "never ask",
            "remember",
            "from now on",
            "in future",
        ),
        "de": (
            "immer",
            "dauerhaft",
            "für immer",
            "nicht mehr fragen",
            "nicht erneut fragen",
            "merken",
            "ab jetzt",
        ),
        "fr": (
            "toujours",
            "définitivement",
            "ne plus demander",
            "ne plus me demander",
            "se souvenir",
        ),
        "es": (
            "siempre",
            "permanentemente",
            "no volver a preguntar",
            "no preguntar de nuevo",
            "recordar",
        ),
        "ja": ("常に", "いつも", "今後", "永続", "再度確認しない", "今後確認しない"),
        "zh": ("始终", "始終", "总是", "總是", "永久", "不再询问", "不再詢問", "记住", "記住"),
    },
    "safe": {
        "en": ("safe", "harmless", "no risk", "risk-free", "low risk"),
        "de": ("ungefährlich", "unbedenklich", "harmlos", "gefahrlos", "risikolos"),
        "fr": ("sans danger", "sans risque", "inoffensif", "inoffensive"),
        "es": ("sin riesgo", "sin peligro", "inofensivo", "inofensiva"),
        "ja": ("安全", "無害", "リスクなし"),
        "zh": ("安全", "无害", "無害", "无风险", "無風險"),
    },
    "read-only": {
        "en": ("read-only", "read only", "readonly", "only reads", "no writes"),
        "de": ("nur lesen", "nur lesend", "schreibgeschützt", "nur-lesen"),
        "fr": ("lecture seule",),
        "es": ("solo lectura", "sólo lectura"),
        "ja": ("読み取り専用",),
        "zh": ("只读", "唯读", "唯讀", "只讀"),
    },
    "sandboxed": {
        "en": ("sandbox", "sandboxed", "isolated"),
        "de": ("sandbox", "isoliert", "abgeschottet"),
        "fr": ("bac à sable", "isolé", "isolée"),
        "es": ("entorno aislado", "aislado", "aislada"),
        "ja": ("サンドボックス", "隔離"),
        "zh": ("沙箱", "沙盒", "隔离", "隔離"),
    },
    "no-network": {
        "en": ("no network", "offline", "without network", "network disabled", "no internet"),
        "de": ("kein netzwerk", "ohne netzwerk", "ohne internet", "kein internet"),
        "fr": ("sans réseau", "hors ligne", "hors-ligne", "pas de réseau"),
        "es": ("sin red", "sin conexión", "sin internet", "fuera de línea"),
        "ja": ("ネットワークなし", "オフライン", "ネットワーク無効"),
        "zh": ("无网络", "無網路", "断网", "斷網", "离线", "離線"),
    },
    "agent": {
        "en": ("agent", "assistant"),
        "de": ("agent", "assistent"),
        "fr": ("agent", "assistant"),
        "es": ("agente", "asistente"),
        "ja": ("エージェント", "アシスタント"),
        "zh": ("代理", "智能体", "智能體", "助手"),
    },
    "subagent": {
        "en": ("subagent", "sub-agent", "sub agent", "child agent"),
        "de": ("subagent", "sub-agent", "unteragent", "teilagent"),
        "fr": ("sous-agent", "sous agent"),
        "es": ("subagente", "sub-agente"),
        "ja": ("サブエージェント", "子エージェント"),
        "zh": ("子代理", "子智能体", "子智能體"),
    },
    "main-agent": {
        "en": ("main agent", "primary agent", "parent agent", "main-agent", "lead agent"),
        "de": ("hauptagent", "haupt-agent"),
        "fr": ("agent principal",),
        "es": ("agente principal",),
        "ja": ("メインエージェント", "親エージェント"),
        "zh": ("主代理", "主智能体", "主智能體"),
    },
}
"""Per meaning, per language, the words and phrases that say it, lower case (they are matched case-folded)."""

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


@dataclass(frozen=True)
class Said:
    """One meaning a text says, and where: ``text[start:end]`` (case-folded) is the phrase that says it."""

    meaning: Meaning
    start: int
    end: int


def _pattern(phrase: str) -> str:
    body = r"[\s-]+".join(re.escape(part) for part in phrase.split(" "))
    return body if _CJK.search(phrase) else rf"(?<!\w){body}(?!\w)"


@dataclass(frozen=True)
class _Phrase:
    text: str
    meaning: Meaning
    key: str
    """A part of the phrase any text that says it holds as it is: its longest part between blanks."""


@lru_cache(maxsize=1)
def _phrases() -> tuple[_Phrase, ...]:
    """Every phrase once, with the first meaning that lists it, longest first."""
    meaning_of: dict[str, Meaning] = {}
    for meaning, languages in LEXICON.items():
        for phrases in languages.values():
            for phrase in phrases:
                meaning_of.setdefault(phrase, meaning)
    ordered = sorted(meaning_of, key=len, reverse=True)
    return tuple(
        _Phrase(phrase, meaning_of[phrase], max(phrase.split(" "), key=len)) for phrase in ordered
    )


@lru_cache(maxsize=1)
def _by_opening() -> Mapping[str, tuple[int, ...]]:
    """The phrases by the first two characters of their key."""
    openings: dict[str, list[int]] = {}
    for index, phrase in enumerate(_phrases()):
        openings.setdefault(phrase.key[:2], []).append(index)
    return {opening: tuple(indexes) for opening, indexes in openings.items()}


def _held(folded: str) -> tuple[int, ...]:
    """The phrases whose key ``folded`` holds, in order: only those whose key opens with two characters the text
    holds (or one, for a key of one character) are looked for, a few of hundreds on a row of
    chrome."""
    openings = _by_opening()
    openers = {folded[at : at + 2] for at in range(len(folded) - 1)} | set(folded)
    phrases = _phrases()
    return tuple(
        index
        for index in sorted(
            index for opener in openers & openings.keys() for index in openings[opener]
        )
        if phrases[index].key in folded
    )


@lru_cache(maxsize=256)
def _reader(chosen: tuple[int, ...]) -> tuple[re.Pattern[str], Mapping[str, Meaning]]:
    """One alternation of the chosen phrases, longest first, so the leftmost match is the longest phrase there.

    An alternation of every phrase is tried at every character of a text; only the phrases whose key the
    text holds can match, and a screen's chrome holds few of them, in few combinations.
    """
    phrases = _phrases()
    groups = "|".join(f"(?P<p{index}>{_pattern(phrases[index].text)})" for index in chosen)
    return re.compile(groups), {f"p{index}": phrases[index].meaning for index in chosen}


def _folded(text: str) -> str:
    return text.replace("\u2019", "'").casefold()


def said(text: str) -> tuple[Said, ...]:
    """Every meaning ``text`` says, left to right, each where its longest phrase stands.

    Not kept by text: a frame's rows are read as they come, and a cache that held every row of one frame
    but not of one twice its size would make the judge's memory grow unevenly with the payload.
    """
    folded = _folded(text)
    chosen = _held(folded)
    if not chosen:
        return ()
    pattern, by_group = _reader(chosen)
    return tuple(
        Said(by_group[match.lastgroup], match.start(), match.end())
        for match in pattern.finditer(folded)
        if match.lastgroup is not None
    )


def meanings(text: str) -> frozenset[Meaning]:
    """The meanings ``text`` says anywhere in it."""
    return frozenset(item.meaning for item in said(text))
