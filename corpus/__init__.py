"""The built-in corpus, installed as the package data of ``askbench.corpus``.

Only data lives here (``<family>/<name>.json``, ``askbench-corpus.json``,
``scenarios/``); this file makes the folder a package so ``pyproject.toml``
can ship it inside the wheel and an editable install can find it in place.
"""
