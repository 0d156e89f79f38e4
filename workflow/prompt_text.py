"""Reading a user prompt: is it a work request, a question, a confirmation?
(SPEC §3 UserPromptSubmit; seed 002 §2, §12 "Golden Path" trigger
作って/実装して/修正して/追加して; seed 004 [2]).

Heuristics, English and Japanese, used only to *advise* (UserPromptSubmit
never blocks a prompt on them) and to clear the consent marker on the
user's own confirmation. They err towards "not a request": a missed request
costs a reminder, a false one costs a needless golden-path start.

* :func:`classify` → ``"work"`` | ``"question"`` | ``"none"`` with the reason.
  Strong opt-outs (相談したい, "just asking", "don't change anything",
  変更しないで...) always win; then explicit request forms (imperatives,
  "can you …", Japanese te-forms 作って/直してください, …をお願いします);
  then question forms (how/what/why…, a trailing "?", 教えて, とは).
* :func:`confirmation` → ``"confirm"`` | ``"amend"`` | ``"reject"`` |
  ``"cancel"`` | ``None`` for the reply to an understanding check.
* :func:`from_user` — False for text Claude Code injects as a prompt
  (``<task-notification>`` and other tagged blocks), which may carry a
  subagent's words and so can never count as the user's confirmation.

No ``re`` (about 5 ms per hook process): string methods only, and
only the first :data:`MAX_CHARS` characters are read.
"""

from __future__ import annotations

#: Only this much of a prompt is analysed (a pasted log is not a request).
MAX_CHARS = 4000

#: Tags Claude Code wraps around text it submits on the user's behalf.
SYSTEM_TAGS = ("<task-notification", "<local-command-stdout", "<local-command-stderr",
               "<command-name", "<command-message", "<command-args", "<bash-input",
               "<bash-stdout", "<bash-stderr", "<system-reminder", "<user-prompt-submit-hook")

# ------------------------------------------------------------------ English

#: Verbs that ask for a change when they open a request.
EN_VERBS = frozenset("""
implement fix add create build make write refactor remove delete update change rename migrate
introduce setup configure upgrade bump port convert replace optimize optimise support integrate
develop generate modify edit rewrite cleanup move extract split repair resolve correct handle
enable disable improve finish complete adjust tweak patch document translate install drop
restructure reorganize reorganise simplify deduplicate wire hook code scaffold bootstrap ship
deprecate revert undo restore rework redo extend harden secure speed
""".split())
#: Two-word verbs (first word, second word).
EN_PHRASAL = frozenset({("set", "up"), ("clean", "up"), ("get", "rid"), ("speed", "up"),
                        ("wire", "up"), ("hook", "up"), ("carry", "out"), ("put", "in"),
                        ("take", "out"), ("break", "up"), ("tidy", "up")})
#: Openers stripped before looking at the verb ("please", "can you", ...).
EN_OPENERS = (
    "please", "pls", "plz", "kindly", "now", "then", "also", "and", "ok", "okay", "so",
    "next", "first", "just", "hey", "hi", "claude", "alright", "right", "great", "thanks",
    "go ahead and", "let's", "lets", "let us", "can you", "could you", "would you",
    "will you", "can we", "could we", "would you mind", "i want you to", "i'd like you to",
    "i would like you to", "i need you to", "we need to", "you need to", "you should",
    "we should", "i want to", "i'd like to", "i would like to", "i need to", "help me",
    "help me to", "time to", "try to", "we have to", "you have to", "we must", "you must",
    "make sure to", "be sure to", "remember to", "don't forget to", "do not forget to",
)
#: Openers of a question (checked after the request forms).
EN_QUESTION_OPENERS = (
    "how", "what", "what's", "whats", "why", "where", "when", "which", "who", "whose",
    "is", "are", "was", "were", "does", "do", "did", "should", "shall", "can i", "could i",
    "may i", "is it", "explain", "tell me", "describe", "summarize", "summarise", "compare",
    "show me", "walk me through", "any idea", "any ideas", "is there", "are there",
)
#: Phrases that say "no work, please" wherever they appear.
EN_OPT_OUTS = (
    "just asking", "just a question", "quick question", "only asking", "only a question",
    "just curious", "i'm curious", "i am curious", "for discussion", "let's discuss",
    "lets discuss", "let's brainstorm", "brainstorm", "what do you think", "your thoughts",
    "your opinion", "not asking you to", "hypothetically", "read-only", "read only",
    "don't change anything", "do not change anything", "don't modify anything",
    "do not modify anything", "don't edit anything", "do not edit anything",
    "don't touch anything", "do not touch anything", "don't make any changes",
    "do not make any changes", "no changes", "no code changes", "without changing anything",
    "without making changes", "without making any changes", "don't implement",
    "do not implement", "don't write any code", "do not write any code", "don't write code",
    "do not write code", "don't fix", "do not fix", "no need to change", "no need to fix",
    "no need to implement",
)

# ----------------------------------------------------------------- Japanese

#: Te-forms (and the plain forms that end a request) of change verbs.
JA_VERBS = (
    "作って", "つくって", "作成して", "実装して", "修正して", "追加して", "直して", "なおして",
    "変更して", "変えて", "削除して", "消して", "書いて", "書き換えて", "書き直して", "対応して",
    "更新して", "改善して", "導入して", "入れて", "置き換えて", "置換して", "移行して",
    "組み込んで", "整理して", "リファクタして", "リファクタリングして", "最適化して",
    "実施して", "やって", "追記して", "設定して", "構築して", "開発して", "作り直して",
    "改修して", "分割して", "統合して", "移動して", "反映して", "適用して", "有効にして",
    "無効にして", "外して", "取り除いて", "生成して", "用意して", "整備して", "高速化して",
    "共通化して", "対処して", "解消して", "修復して", "差し替えて", "アップデートして",
    "アップグレードして", "インストールして", "デプロイして", "テストして", "書き足して",
)
#: What may follow a te-form for it to be a request (作ってください, 直しておいて...).
JA_REQUEST_TAILS = ("ください", "下さい", "くれ", "くださ", "ほしい", "欲しい", "もらえ",
                    "もらい", "いただ", "頂", "ね", "よ", "おいて", "お願い", "ちょうだい",
                    "くれる", "くれない", "もらって", "みて")
#: A request made with a noun (…の実装をお願いします).
JA_NOUNS = ("実装", "修正", "追加", "作成", "対応", "変更", "削除", "改善", "導入", "更新",
            "開発", "構築", "リファクタリング", "リファクタ", "改修", "移行", "整理", "最適化",
            "テスト追加", "バグ修正", "不具合修正", "置き換え", "書き換え")
JA_NOUN_TAILS = ("をお願い", "お願い", "を頼", "頼む", "してほしい", "して欲しい",
                 "してください", "して下さい", "をしてください", "をして")
JA_OPT_OUTS = (
    "相談したい", "相談です", "相談させて", "相談があ", "相談なんだけど", "相談なのですが",
    "ご相談", "相談に乗", "質問です", "質問があ", "質問させて", "質問なんだけど", "聞きたい",
    "伺いたい", "意見を聞", "意見が欲しい", "意見がほしい", "どう思う", "どう思います",
    "どう思いますか", "検討だけ", "調査だけ", "見るだけ", "読むだけ", "確認だけ", "変更しないで",
    "修正しないで", "実装しないで", "編集しないで", "触らないで", "手を加えないで",
    "変更はしないで", "コードは書かないで", "変更不要", "変えないで", "いじらないで",
    "まだ実装しない", "まだ作らない", "まだ手を付けない",
)
#: Suru-nouns that ask to look or tell, not to change (確認してください).
JA_LOOK_NOUNS = ("確認", "説明", "解説", "調査", "検討", "報告", "共有", "要約", "紹介", "提案",
                 "比較", "分析", "レビュー", "チェック", "評価")
JA_QUESTION_MARKS = ("教えて", "説明して", "解説して", "知りたい", "とは", "ですか", "ますか",
                     "でしょうか", "なぜ", "なんで", "どうして", "どうやって", "どうすれば",
                     "どこ", "どれ", "何", "なに", "いつ", "だれ", "誰")

# -------------------------------------------------------------- confirmation

EN_CONFIRM = (
    "yes", "yep", "yeah", "yup", "y", "ok", "okay", "k", "sure", "confirm", "confirmed",
    "i confirm", "approved", "approve", "i approve", "agreed", "agree", "i agree", "correct",
    "that's correct", "that is correct", "right", "that's right", "that is right", "exactly",
    "lgtm", "looks good", "looks right", "sounds good", "sounds right", "go ahead", "go for it",
    "proceed", "please proceed", "do it", "no problem", "no worries", "ship it", "perfect",
    "fine", "all good", "good", "great", "understood", "yes please", "absolutely", "affirmative", "👍", "✅", "👌",
)
EN_REJECT = ("no", "nope", "nah", "not quite", "not yet", "not really", "wait", "hold on",
             "stop", "incorrect", "wrong", "that's wrong", "that is wrong", "not right")
EN_CANCEL = ("cancel", "never mind", "nevermind", "forget it", "abort", "drop it",
             "scrap that", "scratch that", "don't do it", "do not do it")
JA_CONFIRM = ("はい", "ええ", "うん", "ok", "オーケー", "おk", "了解", "りょうかい", "承認",
              "確認しました", "確認した", "それでお願い", "それでいい", "それで大丈夫", "それでok",
              "それで進めて", "お願いします", "おねがいします", "進めて", "すすめて", "大丈夫",
              "だいじょうぶ", "問題ない", "問題ありません", "いいよ", "いいです", "いいね", "よろしく", "同意", "合ってる", "合っています", "あってる",
              "その通り", "そのとおり", "正しい", "オッケー", "おっけー", "了承", "承知", "かしこまり",
              "ok です", "okです", "やってください", "やっちゃって", "問題なし")
JA_REJECT = ("いいえ", "いや", "違う", "ちがう", "違います", "ちがいます", "待って", "まって",
             "ちょっと待", "だめ", "ダメ", "駄目", "no")
JA_CANCEL = ("キャンセル", "やめて", "やめる", "やめます", "中止", "取り消し", "取りやめ",
             "なしで", "なかったことに")
#: An affirmative followed by one of these carries changes: not a plain yes.
AMENDS = (" but ", " but,", " except", " however", " although", " though", " apart from",
          " instead", " also ", " as well", "ただし", "でも", "けど", "けれど",
          "ただ、", "以外", "代わりに", "ではなく", "じゃなく", "追加で", "あと、", "それと")


def clip(prompt: str) -> str:
    """The first :data:`MAX_CHARS` characters of ``prompt``; ``""`` for a
    non-string."""
    return prompt[:MAX_CHARS] if isinstance(prompt, str) else ""


def normalise(prompt: str) -> str:
    """Lower-cased, NFKC-folded (full-width ＯＫ → ok) text with code blocks
    and inline code removed and whitespace collapsed."""
    text = clip(prompt)
    if not text.isascii():
        import unicodedata  # lazy: non-ASCII prompts only

        text = unicodedata.normalize("NFKC", text)
    text = _strip_code(text)
    text = text.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.lower().split())


def _strip_code(text: str) -> str:
    # Fenced blocks first, then inline `code`: identifiers in code are not verbs.
    out = []
    parts = text.split("```")
    for i, part in enumerate(parts):
        if i % 2 == 0:
            out.append(part)
    text = " ".join(out)
    parts = text.split("`")
    return " ".join(p for i, p in enumerate(parts) if i % 2 == 0)


def from_user(prompt: str) -> bool:
    """False for text Claude Code submits itself (task notifications, slash
    command output...), which must never count as the user's answer."""
    head = prompt.lstrip()[:64].lower() if isinstance(prompt, str) else ""
    return not any(head.startswith(tag) for tag in SYSTEM_TAGS)


def _sentences(text: str) -> list:
    for mark in ("。", "！", "？", "!", "?", ";", "\n", ". ", ": "):
        text = text.replace(mark, mark + "\0")
    return [s.strip(" ,、-*>#\0") for s in text.split("\0") if s.strip(" ,、-*>#\0")]


def _words(sentence: str) -> list:
    cleaned = "".join(c if (c.isalnum() or c in "'-") else " " for c in sentence)
    return cleaned.split()


def _strip_openers(words: list) -> list:
    changed = True
    rounds = 0
    while changed and words and rounds < 6:
        changed = False
        rounds += 1
        for opener in EN_OPENERS:
            parts = opener.split()
            if words[:len(parts)] == parts and len(words) > len(parts):
                words = words[len(parts):]
                changed = True
                break
    return words


def _en_request(sentence: str) -> str | None:
    words = _words(sentence)
    if not words:
        return None
    rest = _strip_openers(words)
    if not rest:
        return None
    first = rest[0]
    if len(rest) > 1 and (first, rest[1]) in EN_PHRASAL:
        return f"'{first} {rest[1]}'"
    if first in EN_VERBS and (len(rest) > 1 or rest is not words):
        # "fix" alone is a word, "fix the login" (or "please fix") a request.
        return f"'{first}'"
    return None


def _en_question(sentence: str) -> bool:
    words = _words(sentence)
    for opener in EN_QUESTION_OPENERS:
        parts = opener.split()
        if words[:len(parts)] == parts:
            return True
    return False


def _ja_request(text: str) -> str | None:
    for verb in JA_VERBS:
        start = text.find(verb)
        while start >= 0:
            # 作成しないで is not a request; neither is 作ってみた/作っている.
            tail = text[start + len(verb):]
            if verb == "やって" and text[max(0, start - 2):start] == "どう":
                start = text.find(verb, start + 1)
                continue  # どうやって: "how"
            if not tail or tail[0] in "。、！!？?．., \u3000)）」』\"'" or tail.startswith(
                    JA_REQUEST_TAILS):
                return f"'{verb}'"
            start = text.find(verb, start + 1)
    for noun in JA_NOUNS:
        start = text.find(noun)
        while start >= 0:
            tail = text[start + len(noun):]
            if tail.startswith(JA_NOUN_TAILS) or tail.startswith(("を", "の")) and any(
                    t in tail[:12] for t in ("お願い", "頼む", "頼みます")):
                return f"'{noun}…お願い'"
            start = text.find(noun, start + 1)
    for generic in ("してください", "して下さい", "してほしい", "して欲しい", "してもらえ",
                    "していただけ", "しておいて"):
        start = text.find(generic)
        while start >= 0:
            # 確認してください / 説明してください ask to look, not to change.
            if not text[:start].endswith(JA_LOOK_NOUNS):
                return f"'{generic}'"
            start = text.find(generic, start + 1)
    return None


def classify(prompt: str) -> tuple:
    """``(kind, reason)``: ``kind`` is ``"work"`` (the user asks for a change),
    ``"question"`` (asks about something, consults) or ``"none"``; ``reason``
    names the words that decided it."""
    if not isinstance(prompt, str) or not prompt.strip():
        return "none", "empty prompt"
    if not from_user(prompt):
        return "none", "not typed by the user"
    text = normalise(prompt)
    for phrase in EN_OPT_OUTS + JA_OPT_OUTS:
        if phrase in text:
            return "question", f"'{phrase}'"
    found = _ja_request(text)
    if found:
        return "work", found
    for sentence in _sentences(text):
        found = _en_request(sentence)
        if found and not _en_question(sentence):
            return "work", found
    if text.rstrip().endswith(("?", "？")):
        return "question", "ends with '?'"
    for sentence in _sentences(text):
        if _en_question(sentence):
            return "question", "question form"
    for mark in JA_QUESTION_MARKS:
        if mark in text:
            return "question", f"'{mark}'"
    return "none", "no request form"


def _head(text: str) -> str:
    for stop in ("。", "、", "！", "!", ",", ".", "?", "？", "\n"):
        text = text.replace(stop, " " + stop + " ")
    return " " + " ".join(text.split()) + " "


def _starts(text: str, phrases) -> str:
    """The longest phrase ``text`` begins with (whole words for ASCII
    phrases), or ``""``."""
    best = ""
    for phrase in phrases:
        if len(phrase) <= len(best):
            continue
        if phrase.isascii():
            if text.startswith(" " + phrase + " "):
                best = phrase
        elif text.lstrip().startswith(phrase):
            best = phrase
    return best


def confirmation(prompt: str) -> str | None:
    """The user's reply to an understanding check: ``"confirm"`` (a plain
    yes), ``"amend"`` (yes, with changes: the understanding must be
    presented again), ``"reject"``, ``"cancel"`` (drop the request), or
    ``None`` (not an answer). Text Claude Code submits itself is never an
    answer (:func:`from_user`)."""
    if not isinstance(prompt, str) or not from_user(prompt):
        return None
    text = _head(normalise(prompt))
    # The longest opening phrase decides ("no problem" is a yes, "no" a no).
    matches = [(len(_starts(text, phrases)), kind) for kind, phrases in (
        ("cancel", EN_CANCEL + JA_CANCEL), ("reject", EN_REJECT + JA_REJECT),
        ("confirm", EN_CONFIRM + JA_CONFIRM))]
    length, kind = max(matches, key=lambda m: m[0])
    if not length:
        return None
    if kind == "confirm":
        body = " " + normalise(prompt) + " "
        if any(a in body for a in AMENDS):
            return "amend"
    return kind


def mentioned_paths(prompt: str) -> list:
    """Repo-relative-looking paths mentioned in the prompt (``src/app.py``,
    ``docs/``), without URLs, in order, at most 20."""
    out = []
    text = clip(prompt)
    for raw in text.replace("`", " ").replace("'", " ").replace('"', " ").split():
        token = raw.strip("()[]{}<>,;:!?。、「」『』")
        if not token or "://" in token or token.startswith(("-", "@", "#", "$", "~", "/")):
            continue
        if ".." in token.split("/"):
            continue
        has_ext = "." in token.rsplit("/", 1)[-1].strip(".")
        if "/" not in token and not has_ext:
            continue
        if not all(c.isalnum() or c in "._-/" for c in token) or token.count(".") > 4:
            continue
        if has_ext and "/" not in token and token.rsplit(".", 1)[-1].isdigit():
            continue  # 1.5, v2.0
        token = token.rstrip(".")
        if token in ("e.g", "i.e", "etc", "vs", "cf"):
            continue
        if token and token not in out:
            out.append(token)
        if len(out) >= 20:
            break
    return out


#: Phrases that announce a different task.
NEW_TASK_MARKERS = ("new task", "another task", "separate task", "different task",
                    "unrelated", "new feature", "another feature", "new project", "別のタスク",
                    "新しいタスク", "別件", "関係ない", "新規タスク", "別の機能", "新機能",
                    "別の作業", "新しい作業")


def new_task_marker(prompt: str) -> str | None:
    """The first of :data:`NEW_TASK_MARKERS` the normalised prompt contains
    ("new task", 別のタスク...), or ``None``: with an active playbook such a
    prompt announces work outside it (SPEC §3 UserPromptSubmit)."""
    text = normalise(prompt)
    for marker in NEW_TASK_MARKERS:
        if marker in text:
            return marker
    return None
