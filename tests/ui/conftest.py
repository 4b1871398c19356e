"""UI fixtures: a headless App on a temp home, the toy games registered, a fake AI worker."""

from __future__ import annotations

import pytest

from catgames.core import catalogue
from catgames.core.storage import Settings
from catgames.ui import i18n
from tests.helpers import new_app
from tests.ui import toygame
from tests.ui.helpers import FakeWorker


@pytest.fixture
def toy_registered(monkeypatch):
    for manifest in toygame.MANIFESTS:
        catalogue.add(manifest)
    i18n.add_strings("en", toygame.STRINGS)
    yield
    for manifest in toygame.MANIFESTS:
        catalogue.remove(manifest.id)


@pytest.fixture
def worker():
    return FakeWorker()


@pytest.fixture
def app(catgames_home, toy_registered, worker):
    application = new_app(Settings(ai_speed="instant"), worker_factory=lambda: worker, seed=1)
    yield application
    application.close()
