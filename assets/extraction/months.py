"""Month names of the languages EU invoices are written in, for reading dates.

Names are stored folded (lower case, no diacritics; see ``normalize.fold``), in the
forms dates use: nominative and genitive ("marzec", "marca"; "kovas", "kovo"; "март",
"марта"). A word that is no full name is read as an abbreviation when every name it
begins is the same month ("mär", "févr.", "sept", "paź"). Croatian genitives are left
out on purpose: "listopada" is October there and November in Polish; so are Finnish
names ("marraskuuta", November, would make "mar" ambiguous). Both print dates as numbers.
"""

from __future__ import annotations

from functools import lru_cache

from .normalize import fold

_NAMES = {
    "en": "january february march april may june july august september october november december",
    "de": "januar|jänner februar märz april mai juni juli august september oktober november dezember",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "lt": "sausio|sausis vasario|vasaris kovo|kovas balandžio|balandis gegužės|gegužė birželio|birželis "
          "liepos|liepa rugpjūčio|rugpjūtis rugsėjo|rugsėjis spalio|spalis lapkričio|lapkritis gruodžio|gruodis",
    "lv": "janvāris|janvārī|janvāra februāris|februārī|februāra marts|martā|marta aprīlis|aprīlī|aprīļa "
          "maijs|maijā|maija jūnijs|jūnijā|jūnija jūlijs|jūlijā|jūlija augusts|augustā|augusta "
          "septembris|septembrī|septembra oktobris|oktobrī|oktobra novembris|novembrī|novembra "
          "decembris|decembrī|decembra",
    "et": "jaanuar veebruar märts aprill mai juuni juuli august september oktoober november detsember",
    "pl": "styczeń|stycznia luty|lutego marzec|marca kwiecień|kwietnia maj|maja czerwiec|czerwca "
          "lipiec|lipca sierpień|sierpnia wrzesień|września październik|października listopad|listopada "
          "grudzień|grudnia",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre|setiembre octubre noviembre diciembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "ro": "ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie noiembrie decembrie",
    "cs": "leden|ledna únor|února březen|března duben|dubna květen|května červen|června "
          "červenec|července srpen|srpna září říjen|října listopad|listopadu prosinec|prosince",
    "sk": "január|januára február|februára marec|marca apríl|apríla máj|mája jún|júna júl|júla "
          "august|augusta september|septembra október|októbra november|novembra december|decembra",
    "hu": "január február március április május június július augusztus szeptember október november december",
    "sl": "januar februar marec april maj junij julij avgust september oktober november december",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "da": "januar februar marts april maj juni juli august september oktober november december",
    "ru": "январь|января февраль|февраля март|марта апрель|апреля май|мая июнь|июня июль|июля "
          "август|августа сентябрь|сентября октябрь|октября ноябрь|ноября декабрь|декабря",
    "bg": "януари февруари март април май юни юли август септември октомври ноември декември",
}


def _table() -> dict[str, int]:
    names: dict[str, set[int]] = {}
    for months in _NAMES.values():
        for number, forms in enumerate(months.split(), 1):
            for form in forms.split("|"):
                names.setdefault(fold(form), set()).add(number)
    assert all(len(v) == 1 for v in names.values()), "a month name that means two months"
    return {name: next(iter(v)) for name, v in names.items()}


MONTHS = _table()


@lru_cache(maxsize=2048)
def month_number(word: str) -> int | None:
    """1-12 for a month name or an unambiguous abbreviation (3 letters or more), else None."""
    word = fold(word).rstrip(".")
    if word in MONTHS:
        return MONTHS[word]
    if len(word) < 3:
        return None
    found = {number for name, number in MONTHS.items() if name.startswith(word)}
    return found.pop() if len(found) == 1 else None
