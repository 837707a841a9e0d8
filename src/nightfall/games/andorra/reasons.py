"""Why a command was refused, as a sentence a player or the host reads (Russian and English).

A rejection is data (code, rule, params: ``nightfall.engine.Rejected``); this turns it into
words with the seed's names for roles, moves and items, never a raw code.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Rejected

from .items import item_name
from .roles.catalogue import CLAN_COLOURS, ROLES
from .roles.move_names import MOVE_TYPES, move_name
from .roles.move_params import field_words
from .schedule_text import REASONS

PHASES = {
    "DAY": ("день", "day"),
    "NIGHT": ("ночь", "night"),
    "RESOLVING": ("подведение ночи", "resolving the night"),
    "REVIEW": ("проверка ночи ведущим", "the host's review of the night"),
    "OVER": ("игра окончена", "the game is over"),
}

# code -> (ru, en); {move}, {role}, {item}… are filled in with the seed's names
SENTENCES: dict[str, tuple[str, str]] = {
    "bad_config": (
        "Настройки игры неверны: {field} — {reason}.",
        "The game settings are wrong: {field} — {reason}.",
    ),
    "bad_schedule": (
        "Расписание, строка {line}: «{item}» — {reason}.",
        "The schedule, line {line}: «{item}» — {reason}.",
    ),
    "nick_bbcode": (
        "В нике «{nick}» есть тег BBCode «{tag}»: в посте форум разметил бы по нему текст. "
        "Уберите квадратные скобки из ника.",
        "The nick «{nick}» contains the BBCode tag «{tag}»: the forum would format the post by it. "
        "Remove the square brackets from the nick.",
    ),
    "unknown_role": (
        "Нет такой роли: «{role}». Возможные роли: {valid}.",
        "There is no role «{role}». Valid roles: {valid}.",
    ),
    "duplicate_role": ("Роль «{role}» может быть в игре только одна.", "There can be only one «{role}»."),
    "role_needs_role": ("Роль «{role}» играет только вместе с ролью «{needs}».", "«{role}» needs «{needs}»."),
    "clan_too_big": ("В клане мафии не больше {limit} человек.", "A mafia clan has at most {limit} members."),
    "clan_colour_needed": (
        "В игре с двумя кланами у роли «{role}» нужен цвет клана: {colours}.",
        "With two clans «{role}» needs a clan colour: {colours}.",
    ),
    "two_clans_need_two": ("Для двух кланов нужны роли двух цветов.", "Two clans need roles of two colours."),
    "game_over": ("Игра окончена.", "The game is over."),
    "unknown_command": ("Такой команды нет.", "There is no such command."),
    "not_host": ("Это может сделать только ведущий.", "Only the host can do this."),
    "wrong_phase": ("Сейчас этого сделать нельзя: идёт {phase}.", "Not now: it is {phase}."),
    "bad_target": ("Такого игрока нет.", "There is no such player."),
    "unknown_seat": ("Такого игрока нет.", "There is no such player."),
    "unknown_prompt": ("Этот вопрос уже закрыт.", "This question is closed."),
    "bad_answer": ("Такого ответа нет среди вариантов.", "That answer is not one of the options."),
    "bad_payload": ("Неверные данные: {field}.", "Wrong data: {field}."),
    # A-MAIL-1/3: a field of the SMTP settings or an address
    "bad_mail": (
        "Почта: неверное поле «{field}» (адрес вида name@example.org, порт 1-65535).",
        "Mail: the field «{field}» is wrong (an address like name@example.org, a port 1-65535).",
    ),
    "not_eligible": ("{player} не может голосовать.", "{player} cannot vote."),
    "no_poll": ("В клане игрока {player} сейчас нет выборов.", "{player}'s clan holds no election now."),
    "bad_candidate": ("Этот игрок не в вашем клане.", "That player is not in your clan."),
    "bad_deadline": ("Срок должен быть позже текущего времени.", "The deadline must be in the future."),
    "nothing_to_edit": (
        "{player} ещё не голосовал(а) сегодня: исправлять нечего.",
        "{player} has not voted today.",
    ),
    "thread_unreadable": (  # explain() says what the text looks like (_UNREADABLE)
        "Страница темы не прочитана.",
        "A page of the thread was not read.",
    ),
    "vote_spent": (
        "Голос {player} сегодня уже недействителен (повторный или исправленный голос): новые голоса ничего не меняют.",
        "{player}'s vote today is already void (a second or an edited vote): more votes change nothing.",
    ),
    "vote_after_deadline": ("Время голосования вышло.", "Voting time is over."),
    "move_after_deadline": ("Время ночных ходов вышло.", "The time for night moves is over."),
    "too_late": ("Время этого этапа вышло.", "The time for this stage is over."),
    "not_due": ("Срок этапа ещё не наступил.", "The stage's deadline has not come yet."),
    "not_your_step": ("Время идёт только по часам сервера.", "Only the server's clock moves time."),
    "unknown_move": ("Такого ночного хода нет: «{move}».", "There is no night move «{move}»."),
    "not_your_sheet": (
        "Ход за игрока {player} может отправить только он сам, отправляющий ходы клана или ведущий.",
        "Only {player}, his clan's move sender or the host can send his move.",
    ),
    "not_alive": ("{player} выбыл(а) из игры и не ходит.", "{player} is out of the game."),
    "depressed": (
        "{player} в депрессии после убийства мирного жителя и этой ночью не ходит.",
        "{player} is depressed after killing a peaceful player and has no move tonight.",
    ),
    "bad_params": (
        "Ход «{move}»: неверно заполнено поле «{field}».",
        "Move «{move}»: the field «{field}» is wrong.",
    ),
    "unknown_param": ("У хода «{move}» нет поля «{field}».", "«{move}» has no field «{field}»."),
    "clan_same_type": (
        "В клане уже есть ход того же вида ({type}) — у игрока {other}; клан делает один такой ход за ночь.",
        "The clan already has a move of this kind ({type}) by {other}; one such move a night.",
    ),
    "undead_no_stake": ("Нечисть не ходит с колом.", "The Undead do not join stake hunts."),
    "no_item": (
        "У игрока {player} нет вещи «{item}» (или она получена этой ночью).",
        "{player} has no {item}.",
    ),
    "rebel_needs_three": (
        "Группа Бунтаря стреляет, только когда у неё не меньше трёх последователей (сейчас {followers}).",
        "The Rebel's group shoots only with three followers or more (now {followers}).",
    ),
    "not_your_move": (
        "Ход «{move}» не входит в ходы роли «{role}» игрока {player}.",
        "«{move}» is not a move of {player}'s role «{role}».",
    ),
    "boss_poison_needs_no_soldier": (
        "Босс травит, только если в клане нет Рядового и Вербовщика.",
        "The Boss poisons only when the clan has no Soldier and no Recruiter.",
    ),
    "recruiter_needs_no_soldier": (
        "Вербовщик стреляет и травит, только если в клане нет Рядового.",
        "The Recruiter shoots and poisons only when the clan has no Soldier.",
    ),
    "no_poison": ("У клана нет яда.", "The clan has no poison."),
    "clan_full": ("В клане уже пять человек: вербовать некуда.", "The clan already has five members."),
    "investigator_present": (
        "Следователь в игре жив: вербовать второго нельзя.",
        "The Investigator is alive: no second one can be recruited.",
    ),
    "no_energy": ("Домовому не хватает сил сжечь.", "The Domovoi has no energy to burn."),
    "once_per_game": ("Это можно сделать только один раз за игру.", "This can be done once per game."),
    "twice_per_game": ("Это можно сделать только два раза за игру.", "This can be done twice per game."),
    "nothing_to_report": ("Сообщать пока нечего.", "There is nothing to report yet."),
    "not_tested": (
        "{target}: у вас нет результата проверки, сообщать нечего.",
        "You have no result about {target} to report.",
    ),
    "no_target_expected": ("У хода «{move}» нет цели.", "«{move}» takes no target."),
    "target_not_alive": ("{target} выбыл(а) из игры.", "{target} is out of the game."),
    "self_target": ("Ход «{move}» нельзя сделать на себя.", "«{move}» cannot target yourself."),
    "same_target_twice": (
        "Ход «{move}» нельзя делать на игрока {target} две ночи подряд.",
        "«{move}» cannot target {target} two nights running.",
    ),
    "once_per_target": (
        "Ход «{move}» на игрока {target} уже был: на одного игрока — один раз за игру.",
        "«{move}» was already used on {target}: once per player per game.",
    ),
    "self_once_per_game": ("На себя — только один раз за игру.", "On yourself only once per game."),
    "twice_per_player": (
        "Игрока {target} можно выбрать не больше двух раз.",
        "{target} can be chosen twice at most.",
    ),
    "no_check": (
        "Стрелять серебряной пулей можно только в того, кого проверка показала Нечистью; {target} не проверен(а).",
        "The silver bullet needs a check first; {target} was not found Undead.",
    ),
    "not_a_ghoul": ("{target} не Упырь.", "{target} is not a Ghoul."),
    "not_a_candidate": (
        "За игрока {target} голосовать нельзя: он(а) выбыл(а).",
        "{target} cannot be voted for.",
    ),
    "gift_not_in_stock": ("Подарка «{gift}» у Феи больше нет.", "The Fairy has no «{gift}» left."),
    "bad_trip_kind": ("Турпутевка бывает в тур или на экскурсию.", "A voucher is a tour or an excursion."),
    "not_a_loner_role": (
        "Прокурор ищет только роли Одиночек.",
        "The Prosecutor searches only for Loner roles.",
    ),
    "too_many_changes": (
        "Аферист может изменить не больше {allowed} голосов.",
        "The Swindler may change {allowed} votes at most.",
    ),
    "outside_window": (
        "Голос игрока {voter} не среди последних голосов, которые может изменить Аферист.",
        "{voter}'s vote is not among the last votes the Swindler may change.",
    ),
    "no_article_today": (
        "Статью можно написать только на следующий день после своей слежки.",
        "An article can only be written the day after your watch.",
    ),
    "article_empty": ("Статья пустая.", "The article is empty."),
    "article_too_long": ("Статья длиннее {max} символов.", "The article is longer than {max} characters."),
    "article_decided": ("Ведущий уже решил судьбу статьи.", "The host has already decided on the article."),
    "no_article_waiting": ("Этот игрок не прислал статью на сегодня.", "No article from this player today."),
    "already_penalised": (
        "{player} уже получил(а) сегодня +1 за отсутствие аватара.",
        "{player} already has today's +1 for a missing avatar.",
    ),
    "no_penalty_to_undo": (
        "Этому игроку сегодня не давали +1 за аватар.",
        "No avatar +1 to take back today.",
    ),
    "pm_no_sender": (
        "Укажите, от кого пришло личное сообщение (игрок {sender} не найден).",
        "Say whose PM this is (no player {sender}).",
    ),
    "pm_nothing_to_undo": (
        "Сегодня нет голоса {player}, внесённого вами из ЛС последним: отменить нечего.",
        "Today {player} has no latest vote that you entered from a PM: nothing to take back.",
    ),
    "pm_already_voted": (
        "{player} уже голосовал(а) сегодня. Чтобы изменить голос, отметьте «исправить голос» "
        "(исправленный голос в логе недействителен).",
        "{player} has already voted today; to change the vote, tick «Change the vote» "
        "(the old and the new vote become void).",
    ),
    "edit_bad_op": ("Нет такого изменения: «{op}».", "There is no such edit: «{op}»."),
    "edit_not_alive": ("{player} уже выбыл(а) из игры.", "{player} is already out of the game."),
    "edit_not_dead": ("{player} не убит(а): оживлять некого.", "{player} is not dead."),
    "edit_not_jailed": ("{player} не в тюрьме.", "{player} is not in jail."),
    "edit_bad_item": ("Нет такой вещи: «{item}».", "There is no item «{item}»."),
    "edit_no_item": ("У игрока {player} нет вещи «{item}».", "{player} has no {item}."),
    "edit_same_role": ("У игрока {player} уже роль «{role}».", "{player} already has the role «{role}»."),
    "edit_bad_clan": ("Нет такого клана: «{clan}».", "There is no clan «{clan}»."),
    "edit_same_clan": ("{player} уже в этом клане.", "{player} is already in this clan."),
    "not_item_manager": ("Вещами клана распоряжается {manager}.", "{manager} manages the clan's items."),
}


# The setup's own reasons and fields (A-SETUP-1), as the host reads them.
CONFIG_WORDS: dict[str, tuple[str, str]] = {
    "one role per player": ("нужна ровно одна роль на каждого игрока", "one role per player"),
    "role code expected": ("нужно название роли", "a role name is expected"),
    "list of nicknames": ("нужен список ников", "a list of nicknames is expected"),
    "nicknames must differ": ("ники не должны повторяться", "nicknames must differ"),
    "at least 3 players": ("нужно не меньше трёх игроков", "at least 3 players"),
    "players": ("участники", "players"),
    "roles": ("роли", "roles"),
    "day_seconds": ("срок дня", "the day's length"),
    "night_seconds": ("срок ночи", "the night's length"),
    "prompt_seconds": ("срок ответов на вопросы", "the time to answer questions"),
    "options": ("настройки", "options"),
}


def _value(key: str, value: Any, lang: str) -> str:
    li = 0 if lang == "ru" else 1
    if isinstance(value, list):
        return ", ".join(_value(key, v, lang) for v in value)
    if value is None:
        return "—"
    text = str(value)
    if key == "move":
        return move_name(text, lang)
    if key in ("role", "needs") and text in ROLES:
        return ROLES[text].ru if lang == "ru" else ROLES[text].en
    if key in ("item", "gift"):
        return item_name(text, lang)
    if key == "type" and text in MOVE_TYPES:
        return MOVE_TYPES[text][li]
    if key in ("colours", "clan") and text in CLAN_COLOURS:
        return CLAN_COLOURS[text][li]
    if key == "phase" and text in PHASES:
        return PHASES[text][li]
    if key in ("reason", "field") and text in CONFIG_WORDS:
        return CONFIG_WORDS[text][li]
    if key == "field" and field_words(text, lang) is not None:  # a move's field (roles/move_params.py)
        return str(field_words(text, lang))
    if key == "field" and text.startswith("roles[") and text.endswith("]") and text[6:-1].isdigit():
        return f"роль №{int(text[6:-1]) + 1}" if lang == "ru" else f"role #{int(text[6:-1]) + 1}"
    return text


# A-THREAD-1: why a page of the thread import was not read, and what the host should give
_UNREADABLE: dict[str, tuple[str, str]] = {
    "empty": ("пусто", "it is empty"),
    "text": (
        "это простой текст без разметки (похоже, скопирован со страницы). Нужна страница, сохранённая "
        "целиком (Ctrl+S), адрес страницы темы или мультицитата из phpBB (кнопка «Цитировать» у постов)",
        "it is plain text with no markup (copied from the page, it seems). Give the page saved whole "
        "(Ctrl+S), the thread page's address, or a phpBB multi-quote (the posts' «Quote» button)",
    ),
    "quotes": (
        "в цитатах нет post_id и time: годятся только цитаты, вставленные кнопкой «Цитировать» "
        'phpBB ([quote="Ник" post_id=… time=…]), не набранные вручную',
        "the quotes have no post_id and time: only quotes made by phpBB's «Quote» button "
        '([quote="Nick" post_id=… time=…]) will do, not quotes typed by hand',
    ),
    "other": (
        "это не страница phpBB или Discourse и не мультицитата phpBB",
        "it is not a phpBB or Discourse page, nor a phpBB multi-quote",
    ),
}


def _unreadable(kind: str, page: str, lang: str) -> str:
    why = _UNREADABLE.get(kind, _UNREADABLE["other"])[0 if lang == "ru" else 1]
    if lang == "ru":
        where = f"страницу {page}" if page else "вставленный текст (или сохранённую страницу)"
        return f"Не удалось прочитать {where}: {why}."
    where = f"the page {page}" if page else "the pasted text (or a saved page)"
    return f"Could not read {where}: {why}."


def explain(rejected: Rejected, lang: str = "ru") -> str:
    """The rejection as a sentence; an unknown code still gives a plain sentence."""
    params = rejected.params
    if rejected.code == "bad_config" and "min" in params and "max" in params:  # a phase's length
        field = _value("field", params.get("field"), lang)
        lo, hi = int(params["min"]), int(params["max"]) // 60
        if lang == "ru":
            return f"Неверный {field}: нужно целое число секунд от {lo} до {int(params['max'])} ({hi} мин)."
        return f"Wrong {field}: a whole number of seconds from {lo} to {params['max']}."
    if rejected.code == "bad_config" and params.get("field") == "players" and "max" in params:
        if lang == "ru":
            return f"Нужен список участников: от 1 до {params['max']} строк «ник роль»."
        return f"A list of 1 to {params['max']} players is needed."
    if rejected.code == "bad_payload" and "keys" in params:  # A-SEC-3: keys the command does not read
        keys = ", ".join(str(k) for k in params["keys"])
        return (
            f"Лишние поля в команде: {keys}."
            if lang == "ru"
            else f"Fields the command does not take: {keys}."
        )
    if rejected.code == "bad_schedule":  # A-SETUP-18: the line and the item, in words
        why = REASONS.get(str(params.get("reason")), ("неверно", "wrong"))[0 if lang == "ru" else 1]
        line = int(params.get("line") or 0)
        item = params.get("item") or ""
        if lang == "ru":
            return f"Расписание{f', строка {line}' if line else ''}: «{item}» — {why}."
        return f"The schedule{f', line {line}' if line else ''}: «{item}» — {why}."
    if rejected.code == "thread_unreadable":  # A-THREAD-1: what the text looks like, what to give
        return _unreadable(str(params.get("kind") or "other"), str(params.get("page") or ""), lang)
    if rejected.code == "unknown_role" and params.get("suggest"):  # a typo: the closest role, not all of them
        if lang == "ru":
            return f"Нет такой роли: «{params.get('role')}». Может быть, «{params['suggest']}»?"
        return f"There is no role «{params.get('role')}». Did you mean «{params['suggest']}»?"
    pair = SENTENCES.get(rejected.code)
    if pair is None:
        return "Команда отклонена." if lang == "ru" else "The command was refused."
    template = pair[0] if lang == "ru" else pair[1]
    values = {k: _value(k, v, lang) for k, v in rejected.params.items()}

    class _Blank(dict[str, str]):
        def __missing__(self, key: str) -> str:
            return "—"

    return template.format_map(_Blank(values))


def worded(rejected: Rejected) -> Rejected:
    """The rejection with its sentence in both languages attached (sent to the pages); a code
    the rules do not know (the site's own, e.g. the chat's) keeps the pages' own texts."""
    if rejected.code in SENTENCES:
        rejected.text = {"ru": explain(rejected, "ru"), "en": explain(rejected, "en")}
    return rejected
