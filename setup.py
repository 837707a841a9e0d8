"""The one build step pyproject.toml cannot say: the built web clients go into the wheel.

A wheel is what someone installs on a machine without Node (docs/deploy.md), so it
must carry the phone, board and desk clients that Vite built into ``web/dist``: they
are copied into the package as ``nightfall/web_dist``, where ``server/pages.py`` finds
them. A wheel built without them would install a server that only says "not built
yet", so the build stops instead. Editable installs (``make`` runs ``pip install -e``)
skip the copy: a checkout serves ``web/dist`` directly and ``make web`` rebuilds it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
WEB_DIST = HERE / "web" / "dist"
# What the clients need: every game's page (web/*.html, one per game's ``Pages.entry``; not the
# dev server's mock.html, as web/vite.config.ts says), the bundles.
DEV_ONLY = {"mock.html"}
REQUIRED = (*sorted(p.name for p in (HERE / "web").glob("*.html") if p.name not in DEV_ONLY), "assets")
PACKAGED = "web_dist"  # under src/nightfall in the wheel; server/pages.py PACKAGED_DIST


class BuildPyWithWeb(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        missing = [name for name in REQUIRED if not (WEB_DIST / name).exists()]
        if missing:
            raise SystemExit(
                f"web/dist lacks {', '.join(missing)}: build the web clients first "
                "(make web, or cd web && npm ci && npm run build), then build the wheel again."
            )
        target = Path(self.build_lib) / "nightfall" / PACKAGED
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(WEB_DIST, target)


setup(cmdclass={"build_py": BuildPyWithWeb})
