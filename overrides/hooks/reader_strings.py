"""Interface strings of the reader features, in every language of the site.

The fallback-language notice (overrides/main.html) and the not-found page
(overrides/404.html) print them in the page's language; templates read
`reader_strings[config.theme.language]`. A language of mkdocs.yml that lacks
any of them stops the build.
"""

from __future__ import annotations

from mkdocs.exceptions import PluginError

STRINGS = {
    "en": {
        "fallback.notice": "This page has not been translated into English yet; "
                           "it is shown in its original language.",
        "fallback.link": "Go to the original page",
        "notfound.title": "Page not found",
        "notfound.text": "The page you are looking for does not exist or has moved.",
        "notfound.home": "Go to the home page",
        "notfound.languages": "The knowledge base in every language:",
    },
    "fi": {
        "fallback.notice": "Tätä sivua ei ole vielä käännetty suomeksi, joten se "
                           "näytetään alkuperäisellä kielellä, englanniksi.",
        "fallback.link": "Siirry alkuperäiselle sivulle",
        "notfound.title": "Sivua ei löytynyt",
        "notfound.text": "Hakemaasi sivua ei ole olemassa, tai se on siirretty.",
        "notfound.home": "Siirry etusivulle",
        "notfound.languages": "Tietopankki kaikilla kielillä:",
    },
    "it": {
        "fallback.notice": "Questa pagina non è ancora stata tradotta in italiano: "
                           "viene mostrata nella lingua originale, l'inglese.",
        "fallback.link": "Vai alla pagina originale",
        "notfound.title": "Pagina non trovata",
        "notfound.text": "La pagina che cerchi non esiste o è stata spostata.",
        "notfound.home": "Torna alla pagina iniziale",
        "notfound.languages": "La base di conoscenza in tutte le lingue:",
    },
    "ar": {
        "fallback.notice": "لم تُترجم هذه الصفحة إلى العربية بعد، لذلك تُعرض بلغتها "
                           "الأصلية، الإنجليزية.",
        "fallback.link": "الانتقال إلى الصفحة الأصلية",
        "notfound.title": "الصفحة غير موجودة",
        "notfound.text": "الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى مكان آخر.",
        "notfound.home": "العودة إلى الصفحة الرئيسية",
        "notfound.languages": "قاعدة المعارف بجميع اللغات:",
    },
}


def on_config(config):
    keys = set(STRINGS["en"])
    for lang in config.plugins["i18n"].config.languages:
        missing = keys - set(STRINGS.get(lang.locale, {}))
        if missing:
            raise PluginError(
                f"{__file__}: reader_strings: language '{lang.locale}' lacks {sorted(missing)}"
            )


def on_env(env, config, files):
    env.globals["reader_strings"] = STRINGS
