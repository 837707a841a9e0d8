"""Writes the phpBB fixture pages: prosilver 3.3's viewtopic_body.html markup (div#p<id>.post,
p.author with a.username and <time datetime>, div.content, div.notice for an edit,
p.post-notice.deleted for a soft-deleted post as a moderator sees it), filled with a day
of Andorra votes. Kept so the pages can be regenerated; the tests read the .html files."""

from pathlib import Path

HEAD = """<!DOCTYPE html>
<html dir="ltr" lang="ru">
<head><meta charset="utf-8" /><title>Андорра. Партия 12 - Страница {page}</title></head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr ">
<div id="wrap" class="wrap">
<div id="page-body" class="page-body" role="main">
<h2 class="topic-title"><a href="./viewtopic.php?t=77">Андорра. Партия 12</a></h2>
"""
TAIL = """<div class="action-bar bar-bottom"><div class="pagination">{n} сообщений &bull; Страница <strong>{page}</strong> из <strong>2</strong></div></div>
</div></div></body></html>
"""


def post(
    pid: int,
    author: str,
    uid: int,
    when: str,
    content: str,
    bg: int = 1,
    notice: str = "",
    deleted: bool = False,
    colour: str = "",
) -> str:
    style = f' style="color: {colour};" class="username-coloured"' if colour else ' class="username"'
    cls = f"post has-profile bg{bg}" + (" deleted" if deleted else "")
    dnote = (
        '<p class="post-notice deleted"><strong>Это сообщение было удалено.</strong></p>\n' if deleted else ""
    )
    return f"""<div id="p{pid}" class="{cls}">
<div class="inner">
<dl class="postprofile" id="profile{pid}">
<dt class="has-profile-rank no-avatar"><div class="avatar-container"></div><a href="./memberlist.php?mode=viewprofile&amp;u={uid}"{style}>{author}</a></dt>
<dd class="profile-posts"><strong>Сообщения:</strong> <a href="./search.php?author_id={uid}&amp;sr=posts">42</a></dd>
</dl>
<div class="postbody">
<div id="post_content{pid}">
<h3 ><a href="#p{pid}">Re: Андорра. Партия 12</a></h3>
<ul class="post-buttons"><li><a href="./posting.php?mode=quote&amp;p={pid}" title="Ответить с цитатой" class="button button-icon-only"><i class="icon fa-quote-left fa-fw" aria-hidden="true"></i><span class="sr-only">Цитата</span></a></li></ul>
<p class="author"><a class="unread" href="./viewtopic.php?p={pid}#p{pid}" title="Сообщение"><i class="icon fa-file fa-fw icon-lightgray icon-md" aria-hidden="true"></i><span class="sr-only">Сообщение</span></a><span class="responsive-hide"> <strong><a href="./memberlist.php?mode=viewprofile&amp;u={uid}"{style}>{author}</a></strong> &raquo; </span><time datetime="{when}">06 дек 2026, {when[11:16]}</time></p>
{dnote}<div class="content">{content}</div>
{notice}</div>
</div>
<div class="back2top"><a href="#top" class="top" title="Вернуться к началу"><i class="icon fa-chevron-circle-up fa-fw icon-gray" aria-hidden="true"></i><span class="sr-only">Вернуться к началу</span></a></div>
</div>
</div>
<hr class="divider" />
"""


def red(text: str, how: str = "#FF0000") -> str:
    return f'<span style="color:{how}">{text}</span>'


def quote(author: str, pid: int, body: str) -> str:
    return (
        f'<blockquote cite="./viewtopic.php?p={pid}#p{pid}"><div><cite><a href="./memberlist.php?mode=viewprofile&amp;u=9">{author}</a> писал(а): '
        f'<a href="./viewtopic.php?p={pid}#p{pid}" aria-label="Посмотреть цитируемое сообщение" data-post-id="{pid}"><i class="icon fa-arrow-circle-up fa-fw" aria-hidden="true"></i></a>'
        f'<span class="responsive-hide">06 дек 2026, 10:05</span></cite>{body}</div></blockquote>'
    )


EDITED = '<div class="notice">Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile&amp;u=7" class="username">Oleg</a> 06 дек 2026, 11:02, всего редактировалось 1 раз.</div>\n'

PAGE1 = [
    post(
        101,
        "Ведущий",
        2,
        "2026-12-06T10:00:00+03:00",
        "<strong>День 1.</strong><br>"
        + red("Голосование за посадку красным цветом.")
        + "<br>"
        + '<span style="color:#0000FF">Обращение к ведущему синим цветом.</span>',
        colour="#AA0000",
    ),
    post(102, "rubin1988", 3, "2026-12-06T10:05:00+03:00", "Начнём. " + red("Kassandra"), bg=2),
    post(
        103,
        "Kassandra",
        4,
        "2026-12-06T10:10:00+03:00",
        quote("rubin1988", 102, "Начнём. " + red("Kassandra")) + "Ну-ну.<br>" + red("rubin1988", "red"),
    ),
    post(
        104,
        "Серый Кардинал",
        5,
        "2026-12-06T10:20:00+03:00",
        red("agent 51", "#f00") + '<br><span style="color:#0000FF">Ведущий, а Мотя с аватаркой?</span>',
        bg=2,
    ),
    post(105, "agent 51", 6, "2026-12-06T10:30:00+03:00", "Сам себе: " + red("agent 51", "rgb(255, 0, 0)")),
    post(
        106,
        "Мотя",
        8,
        "2026-12-06T10:40:00+03:00",
        red("Kassandra") + " или нет, " + red("Oleg") + '. <span style="color:#008000">зелёным можно</span>',
        bg=2,
    ),
    post(107, "deepcourier", 9, "2026-12-06T10:50:00+03:00", "<em>" + red("Kasandra") + "</em>"),
    post(108, "Oleg", 7, "2026-12-06T11:00:00+03:00", red("Лиса"), bg=2, notice=EDITED),
]
PAGE2 = [
    post(109, "Лиса", 10, "2026-12-06T12:00:00+03:00", red("пусто")),
    post(
        110, "rubin1988", 3, "2026-12-06T12:30:00+03:00", "Передумал: " + red("<strong>Мотя</strong>"), bg=2
    ),
    post(111, "Kassandra", 4, "2026-12-06T13:00:00+03:00", red("Мотя"), deleted=True),
    post(112, "Лиса", 10, "2026-12-06T21:05:00+03:00", "Опоздала " + red("Oleg"), bg=2),
]

here = Path(__file__).parent
for page, posts in ((1, PAGE1), (2, PAGE2)):
    html = HEAD.format(page=page) + "".join(posts) + TAIL.format(n=12, page=page)
    (here / f"phpbb_page{page}.html").write_text(html, encoding="utf-8")
