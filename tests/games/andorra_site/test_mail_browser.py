"""E-mail notices on the pages (A-MAIL-1..3): the host saves the SMTP settings on the desk and
the password never comes back (a reload shows «задан» and an empty field); a player leaves his
address on his page, the desk counts him, and no other page shows it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .pages import create_from_cast
from .test_browser import SHOTS, page_in_own_context, stored_commands

pytestmark = pytest.mark.browser

CAST = [("Anna", "BOSS"), ("Boris", "DOCTOR"), ("Gleb", "SHERIFF"), ("Egor", "PV")]
PASSWORD = "pw-Zq81-browser"


def test_smtp_settings_and_an_address_a_mail_1_a_mail_2_a_mail_3(
    chromium: Browser, andorra_server: Served
) -> None:
    host = page_in_own_context(chromium, phone=False)
    code, urls = create_from_cast(host, andorra_server.url, CAST)
    host.get_by_text("Почта (уведомления игрокам)").click()
    host.get_by_label("Сервер").fill("smtp.example.org")
    host.get_by_label("Пароль").fill(PASSWORD)
    host.get_by_label("Адрес отправителя").fill("host@example.org")
    host.get_by_role("button", name="Сохранить").click()
    expect(host.get_by_label(re.compile("Пароль \\(задан"))).to_have_value("")

    boris = page_in_own_context(chromium)
    boris.goto(urls["Boris"])
    boris.get_by_text("Уведомления на почту").click()
    boris.locator("details.mail-address input").fill("boris@example.org")
    boris.locator("details.mail-address").get_by_role("button", name="Сохранить").click()
    expect(boris.get_by_text("Уведомления на boris@example.org")).to_be_visible()
    boris.screenshot(path=str(SHOTS / "mail_player.png"), full_page=True, animations="disabled")
    expect(host.get_by_text("Адрес оставили игроков: 1")).to_be_visible()

    host.reload()
    host.get_by_text("Почта (уведомления игрокам)").click()
    expect(host.get_by_label("Сервер")).to_have_value("smtp.example.org")
    expect(host.get_by_label(re.compile("Пароль \\(задан"))).to_have_value("")
    host.screenshot(path=str(SHOTS / "mail_desk.png"), full_page=True, animations="disabled")
    assert PASSWORD not in host.content()
    assert "boris@example.org" not in host.content()  # the desk counts, it does not list

    egor = page_in_own_context(chromium)
    egor.goto(urls["Egor"])
    expect(egor.get_by_text("Уведомления на почту")).to_be_visible()
    assert "boris@example.org" not in egor.content()

    _, _, commands = stored_commands(andorra_server.data, code)
    assert [c.type for c in commands if c.type.startswith("mail_")] == ["mail_settings", "mail_address"]
