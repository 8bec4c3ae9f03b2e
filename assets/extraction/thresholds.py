"""Every tuned number of the engine, named and explained in one place.

The rules elsewhere read these by name, so that a reader sees what a rule weighs without
hunting for literals, and a change of one is a change of this file. Scores are the rule's
belief in a value before calibration (``calibration.py`` maps them to how often such values
were right); distances are in line heights or line pitches of the page, never in points,
so they hold for any type size and scan resolution.
"""

from __future__ import annotations

from decimal import Decimal

# ---------------------------------------------------------------- where a value was found
# Scores of a labelled value by where it stood (``fields.label_values``).
RIGHT = 0.95  # right of its label, in its cell or the next
BELOW = 0.85  # under its label, in the overlapping cell of the next line
LEVEL = 0.9  # right of the label, on the line OCR gave the column beside
NEAR = 0.8  # right of the label, half a line or a line up or down (a value wrapped beside it)
WRAPPED = 0.75  # right of a label wrapped over lines, a line down
UNLABELLED = 0.6  # a date with no label at all, nearest the number or title
# The one date a page prints besides its issue (and delivery) date, a few weeks after the
# issue date, where the due date's label was not read: the due date, unsure.
ONLY_LATER_DATE = 0.5
DUE_WITHIN_DAYS = 120
COMPOUND_TITLE_SCORE = 0.85  # a title that closes a compound word ("Handelsrechnung")
UNDER_TITLE_SCORE = 0.5  # an identifier alone under the title, no label at all (``number._under_title``)
SENDER_SCORE = 0.8  # a seller named by the return line over the window address
BULLET_GAP = 1.4  # a return line's bullet stands more than this many of its heights from each neighbour
RETURN_RUN_GAP = 8.0  # and the line ends at a gap this many heights wide (another column)
BY_ORDER = 0.7  # the most a party's field scores when only print order told seller from buyer
MISREAD_LABEL = 0.5  # a value by a label OCR misread (``misread_labels``) scores this share of it
# Labels OCR misread: the fewest letters a label needs to be guessed at a letter off, the
# letters from which two may be off, and the letters a label's last word needs for another
# ending of it to be another word (an inflection) rather than a misreading.
MISREAD_MIN_LETTERS = 7
MISREAD_TWO_EDITS = 11
MISREAD_INFLECTED = 4
# A label read right ("No.:", "Date") ends a longer one misread only after words of at least
# this many letters: a letter off in a word of two makes another word of anything ("IĮ Kodas").
MISREAD_BEFORE_RIGHT = 3
# A word of a name OCR read with less confidence than this, and its country's dictionary
# does not know, may be respelt as the one word a glyph or two OCR confuses makes of it.
RESPELL_BELOW_CONF = 0.9
RESPELL_MAX_GLYPHS = 2
RESPELL_MIN_LETTERS = 4
# A mark the reader weighed on a letter (PP-OCR's second or third choice there) with at least
# this probability is put on a word both spellings of which the dictionary knows.
MARK_WEIGHED_MIN = 0.05
# A doubted word spelt from the letters the reader weighed: this many spellings kept while
# its letters are chosen one by one, the likeliest first; a mark the reader did not weigh,
# added to a letter, multiplies a spelling's likelihood by MARK_ADDED (fewer marks first:
# "Pārtika", not "Pārtikā").
CHOICES_BEAM = 256
MARK_ADDED = 0.5
# A name's word read again where the page prints the name again replaces the first reading
# only where OCR was at least this much surer of it (``parties.printed_twice``).
SURER_BY = 0.03

# ---------------------------------------------------------------- checks and arithmetic
PASSED_FLOOR = 0.97  # a value a passed check confirms scores at least this
FAILED_CAP = 0.4  # and one a failed check contradicts at most this
GUESS = 0.75  # rule scores under this mark a derived, defaulted or contradicted value
ARITHMETIC_BONUS = 1.5  # a totals triple that adds up, over labels that do not
RATE_BONUS = 0.5  # VAT that is a rate of the net
IMPLAUSIBLE_PAIR = 0.5  # a net and gross whose difference can be no invoice's VAT, under one that can
# The least probability (of the fitted scorer) a triple needs to be taken over a plausible
# labelled reading, and over one that cannot be an invoice's totals.
ACCEPT = 0.6
ACCEPT_OVER_NONSENSE = 0.25
AMOUNT_MATCH = Decimal("0.02")  # two amounts agree within this (a rounding of each factor)
# Where no three printed totals add up, one of them may be read as the other two make it
# where it differs from that by at most this many digits (``arithmetic.near_triples``).
MISREAD_DIGITS = 2
ROW_ROUNDING = Decimal("0.011")  # an item's amount may differ from quantity x price by its rounding

# ---------------------------------------------------------------- geometry (line heights, pitches)
CELL_GAP = 1.0  # words further apart than this many word heights start a new cell
CELL_GAP_ADVANCES = 2.0  # or than this many of the line's character widths, if more
# A logo OCR read as letters: at most this many characters, more than this many times the
# page's text height, read with less confidence than this.
LOGO_MAX_CHARS = 3
LOGO_HEIGHTS = 3.0
LOGO_BELOW_CONF = 0.8
SPECK_SIZE = 0.2  # a mark OCR read smaller than this share of the line pitch, either way, is a speck
BAR_HEIGHT = 0.25  # a lone mark thinner than this share of its amount's height is a bar (a minus)
BELOW_MAX_PITCH = 1.8  # a value on the line below starts within this many pitches
ADJOINING_PITCHES = 1.6  # codes this close over or under a headed block, in its column, are its own
BLOCK_GAP_PITCHES = 2.2  # a party block ends at a gap wider than this
HEADER_SPAN_HEIGHTS = 2.6  # table header lines within this many heights of the first are one header
HEADER_LINES = 5  # and at most this many of them
MAX_ROW_GAP_PITCHES = 2.6  # a table's rows follow each other within this many pitches
FIRST_ROW_GAP_PITCHES = 4  # and its first row comes within this many under its header
MAX_ITEM_GAP_PITCHES = 10  # a description may run over many lines between two items
MAX_BROKEN_GAP_PITCHES = 10  # a row OCR broke is still read this many pitches under the last item
DETAIL_SIZE = 0.85  # a line this much smaller than its item's text is a detail line
CONTINUATION_TOP = 0.45  # a table continued from the last page starts in this top share of the page

# ---------------------------------------------------------------- counts
SENTENCE_WORDS = 3  # a label after more words than this in its cell stands inside a sentence
MIN_COMPOUNDED = 6  # letters of a title word that may close a compound ("rechnung", "faktura")
MAX_BLOCK_LINES = 12  # lines of a party block
MAX_NUMBERS = 10  # a line with more numbers is not an item row (a table of figures)
MAX_WRAPPED = 10  # lines a description may wrap over beyond a table's first or last item
MAX_CANDIDATES = 4  # the best-scored labelled readings of each total tried together
MAX_INTEGER_DIGITS = 7  # an amount printed longer than this is a code, not a total
MAX_AMOUNTS = 80  # the last amounts of a document: its totals are among them
# A word this long that differs from one month's names (and no other's) by one letter is that
# month misread ("febbralo"): dates are read only where a day and a year stand beside the word.
MONTH_MISREAD_FROM = 6
# ... and one this long that differs so from one month's names by two letters ("febbrale").
MONTH_MISREAD_TWICE_FROM = 8
# ... and from this length in a date whose frame says a month stands there: "2026. gada 3.
# maetà" (a Latvian year, "gada" and a day before it).
MONTH_MISREAD_FRAMED_FROM = 5

# ---------------------------------------------------------------- codes read again (``checksummed``)
# A VAT code or IBAN whose checksum fails is read again from the recogniser's choices: at
# most this many characters replaced, each by one it gave at least REREAD_MIN_CHOICE; the
# valid reading must be at least REREAD_MIN_RATIO as likely as what was read and
# REREAD_MARGIN times likelier than the next valid one. Decided on fresh far photos of tune
# documents: a margin of 1.5 or 2, three changes or choices from 0.02 read the same.
REREAD_MAX_CHANGES = 2
REREAD_MIN_CHOICE = 0.05
REREAD_MIN_RATIO = 0.02
REREAD_MARGIN = 3.0
# A code read again from other crops of its box (``checksummed.read_in_views``): the
# reading at least this many views give that passes its check, more than any other, and no
# more than this many edits from what was first read. Decided on the tune photos and fresh
# far photos of tune documents: one view alone gained a code on the tune photos and lost
# one, at >= 0.9, on the fresh far ones.
VIEWS_MIN_VOTES = 2
VIEWS_MAX_EDITS = 3
# A separator the first reading took for a digit ("20251183" for "2025/183"; no checksum to
# tell): read as the views read it where at least this many of them agree, at no more than
# this many places, each a slash, dash or point in the views and a digit or stroke as read.
SEPARATOR_VOTES = 5
SEPARATOR_MAX_PLACES = 2
