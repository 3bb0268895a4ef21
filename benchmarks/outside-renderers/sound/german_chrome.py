"""Sound: title, options and hint in German (labels stay the contract's); ctrl+o kept."""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from outside_lib import *  # noqa

OPTS = ["▶ (y) Ja", "  (s) Ja, für diese Sitzung", "  (n) Nein", "  (r) Nein, mit Begründung"]
HINT = {
    "↑/↓ move · enter confirm · esc deny · press a letter, then again to confirm":
        "↑/↓ wählen · Enter bestätigen · Esc ablehnen · Buchstabe zweimal drücken",
    "· ctrl+o full request": "· ctrl+o vollständige Anfrage",
    "· ctrl+o collapse": "· ctrl+o einklappen",
}
def transform(frame, ref):
    frame.title = [t.replace("Permission Required", "Berechtigung erforderlich") for t in frame.title]
    if standard_options(frame.options):
        frame.options = list(OPTS)
    frame.hint = [HINT.get(visible(h), h) for h in frame.hint]
    return frame.lines()

if __name__ == "__main__":
    serve(transform, 0)
