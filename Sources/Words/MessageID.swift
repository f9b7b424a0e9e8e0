// SPDX-License-Identifier: GPL-3.0-or-later
// Generated from Sources/Catalogs/en.po by `make catalog`: edit en.po, then run it; a test fails
// when this file is out of step with en.po.

/// Every message sensecam can say, print or show, by the id its catalogs know it by (the
/// case's name). The words said are the catalogs' (`Sources/Catalogs/*.po`); a case's doc
/// comment only repeats en.po's, for a reader of the code. Tests check that each id has its
/// words in every language, and that each is used.
public enum MessageID: String, Sendable, CaseIterable {
    // MARK: How the language writes numbers and lists

    /// Counts a scene usually holds read more naturally as words; beyond twelve digits are shorter.
    ///
    /// English: "{n, plural, =1 {one} =2 {two} =3 {three} =4 {four} =5 {five} =6 {six} =7 {seven} =8 {eight} =9 {nine} =10 {ten} =11 {eleven} =12 {twelve} other {#}}"
    case numberSpellout

    /// The mark between groups of three digits in a long number ("12,500"), wherever a template writes
    /// {name, number}.
    ///
    /// English: ","
    case numberGroupSeparator

    /// The decimal mark of a number with decimals ("1.5 metres", "0.3 seconds"), wherever the tool writes
    /// one.
    ///
    /// English: "."
    case numberDecimalSeparator

    /// Lists, as CLDR's list patterns: two items; then the first, middle and last joins of longer ones.
    ///
    /// English: "{head} and {tail}"
    case listTwo

    /// The join of the first two items of a list of three or more: "a cup, a bottle and a chair" (CLDR's
    /// list pattern start).
    ///
    /// English: "{head}, {tail}"
    case listStart

    /// The join of each middle item of a list of four or more (CLDR's list pattern middle).
    ///
    /// English: "{head}, {tail}"
    case listMiddle

    /// The join before the last item of a list of three or more: "a cup, a bottle and a chair" (CLDR's
    /// list pattern end).
    ///
    /// English: "{head} and {tail}"
    case listEnd

    // MARK: Objects: hedges, counts, nouns, places, distances

    /// The hedge that opens a sentence about objects, by how sure the detector is (band: probably or possibly).
    ///
    /// English: "{band, select, probably {Probably} other {Possibly}}"
    case objectsHedge

    /// The same hedge inside the summary "In view: probably two people at 11 o'clock, …".
    ///
    /// English: "{band, select, probably {probably} other {possibly}}"
    case objectsHedgeInSummary

    /// One kind of object: "Probably two people, at 11 o'clock." hedge: objectsHedge; objects: the counted
    /// noun ("two people", "a dog and possibly one more"); place: "at 11 o'clock", or at the detailed
    /// verbosity the place, distance and confidence ("at 11 o'clock, about 2 metres, 82 percent").
    ///
    /// English: "{hedge} {objects}, {place}."
    case objectsSentence

    /// As objectsSentence, for newcomers of a kind already in view, with the new total:
    /// "Probably another person, at 12 o'clock; two people now." total: "two people", or "two".
    ///
    /// English: "{hedge} {objects}, {place}; {total} now."
    case objectsSentenceNews

    /// Kinds of object at one and the same hour, in one sentence: "At 12 o'clock, probably a cup and a bottle."
    /// hour: the clock hour; items: objectsHedgedItem (at the detailed verbosity with objectsItemDetails) joined
    /// as a list, or by objectsSummaryJoinDetailed at the detailed verbosity.
    ///
    /// English: "At {hour} o'clock, {items}."
    case objectsSentenceSharedPlace

    /// One kind inside a sentence or summary item that names several: "probably a cup". hedge:
    /// objectsHedgeInSummary, said where the band differs from the kind before; objects: the counted noun.
    ///
    /// English: "{hedge} {objects}"
    case objectsHedgedItem

    /// Terse speech, the fewest syllables that still hedge: "2 people 11 o'clock", "maybe dog 12 o'clock".
    /// band: probably (no hedge word) or possibly.
    ///
    /// English: "{band, select, possibly {maybe {objects} {place}} other {{objects} {place}}}"
    case objectsTerse

    /// Terse news with the new total in digits: "another person 12 o'clock, 2 now".
    ///
    /// English: "{band, select, possibly {maybe {objects} {place}, {total} now} other {{objects} {place}, {total} now}}"
    case objectsTerseNews

    /// One kind inside terse speech that names several at one hour: "cup", "maybe bottle". band: probably
    /// (no hedge word) or possibly.
    ///
    /// English: "{band, select, possibly {maybe {objects}} other {{objects}}}"
    case objectsTerseItem

    /// Several of a kind: "two people", "about nine people", "3 people" (terse speech and braille). number:
    /// the count as said (objectsAbout, a word, or digits); count: the number; objects: the noun's plural.
    /// Every phrase with a noun also gets the noun's {gender}, where the language's noun entries give one.
    ///
    /// English: "{number} {objects}"
    case objectsCount

    /// Newcomers of a kind already spoken of: "two more people", "about nine more people", "2 more people".
    ///
    /// English: "{number} more {objects}"
    case objectsMore

    /// Many of a kind when even the kind is only possible: "a group of dogs".
    ///
    /// English: "a group of {objects}"
    case objectsGroupOf

    /// objectsGroupOf in terse speech, without its article.
    ///
    /// English: "group of {objects}"
    case objectsTerseGroupOf

    /// A count above five, which a detector cannot count exactly: rounded to fives past twelve.
    ///
    /// English: "about {count, spellout}"
    case objectsAbout

    /// objectsAbout in terse speech, in digits.
    ///
    /// English: "about {count}"
    case objectsAboutDigits

    /// The weaker band after the stronger: "three people and possibly more" (more than five of them).
    ///
    /// English: "{objects} and possibly more"
    case objectsAndPossiblyMore

    /// "three people and possibly two more"; count: how many are only possible (at most five).
    ///
    /// English: "{objects} and possibly {count, spellout} more"
    case objectsAndPossiblyCountMore

    /// objectsAndPossiblyMore in terse speech.
    ///
    /// English: "{objects} maybe more"
    case objectsTerseAndMaybeMore

    /// objectsAndPossiblyCountMore in terse speech, in digits.
    ///
    /// English: "{objects} maybe {count} more"
    case objectsTerseAndMaybeCountMore

    /// Side by side at one height: "three bottles in a row".
    ///
    /// English: "{objects} in a row"
    case objectsInRow

    /// Where an object is, as a clock hour (12 straight ahead, 3 to the right, 9 to the left).
    ///
    /// English: "at {hour} o'clock"
    case objectsPlaceAt

    /// Where most of a kind are (at least three of them).
    ///
    /// English: "mostly at {hour} o'clock"
    case objectsPlaceMostly

    /// The hours a kind spans, from left to right: "from 11 to 1 o'clock".
    ///
    /// English: "from {from} to {to} o'clock"
    case objectsPlaceSpan

    /// A clock direction in terse speech: "11 o'clock". hour: the clock hour, 1 to 12.
    ///
    /// English: "{hour} o'clock"
    case objectsTersePlaceAt

    /// Where most of a kind are (at least three), in terse speech: "mostly 11 o'clock". hour: the clock
    /// hour.
    ///
    /// English: "mostly {hour} o'clock"
    case objectsTersePlaceMostly

    /// The hours a kind spans in terse speech, from left to right: "11 to 1 o'clock". from, to: clock
    /// hours.
    ///
    /// English: "{from} to {to} o'clock"
    case objectsTersePlaceSpan

    /// The detailed verbosity's end of a sentence: place (objectsPlaceAt…), distance (objectsDistance…)
    /// and the detector's confidence in whole percent, spelled out for speech and braille.
    ///
    /// English: "{place}, {distance}, {percent} percent"
    case objectsDetails

    /// objectsDetails for an object whose distance could not be estimated.
    ///
    /// English: "{place}, {percent} percent"
    case objectsDetailsWithoutDistance

    /// One kind, with its distance and confidence, in a detailed sentence that says the place once for several:
    /// "a cup, about 1 metre, 80 percent". objects: the counted noun; distance as in objectsDetails.
    ///
    /// English: "{objects}, {distance}, {percent} percent"
    case objectsItemDetails

    /// objectsItemDetails for an object whose distance could not be estimated.
    ///
    /// English: "{objects}, {percent} percent"
    case objectsItemDetailsWithoutDistance

    /// An estimated distance under three quarters of a metre.
    ///
    /// English: "about half a metre"
    case objectsDistanceHalfMetre

    /// An estimated distance, rounded to halves below 3 m, whole metres to 10 m, then fives ("1.5", "7", "15").
    ///
    /// English: "about {metres, plural, one {# metre} other {# metres}}"
    case objectsDistanceAbout

    /// At the detailed verbosity, in place of a distance, for an object whose size gives none
    /// (objectsDetails).
    ///
    /// English: "distance unknown"
    case objectsDistanceUnknown

    /// One kind inside the summary: "probably two people at 11 o'clock". hedge: objectsHedgeInSummary; place
    /// as in objectsSentence.
    ///
    /// English: "{hedge} {objects} {place}"
    case objectsSummaryItem

    /// Several kinds at one hour inside the summary ("probably a cup and a bottle at 12 o'clock") or in terse
    /// speech ("cup and maybe bottle 12 o'clock"). items: the kinds joined as a list; place: objectsPlaceAt, or
    /// objectsTersePlaceAt in terse speech.
    ///
    /// English: "{items} {place}"
    case objectsItemsAtPlace

    /// Everything in view, on request; items: the kinds joined by objectsSummaryJoin (terse speech says
    /// the items alone).
    ///
    /// English: "In view: {items}."
    case objectsSummary

    /// A summary asked for (the d key) says everything in view; past the length of one sentence it goes on
    /// in further sentences: "Also in view: possibly a book at 3 o'clock." items as in objectsSummary.
    ///
    /// English: "Also in view: {items}."
    case objectsSummaryContinued

    /// Joins the items of a summary (d key, --summary), item by item: head is the items so far, tail the
    /// next one.
    ///
    /// English: "{head}, {tail}"
    case objectsSummaryJoin

    /// Detailed items hold commas of their own, so they are joined by semicolons.
    ///
    /// English: "{head}; {tail}"
    case objectsSummaryJoinDetailed

    /// Closes a description that left kinds out.
    ///
    /// English: "Other objects too."
    case objectsOtherObjects

    /// Said when no object is confident enough to name: about the tool, never a claim that nothing is there.
    ///
    /// English: "Nothing recognised with confidence."
    case objectsNothingConfident

    /// A warning about something coming closer, in the probably band: "Person approaching, at 12 o'clock."
    /// object: the bare noun ("person"); the sentence's first letter is made a capital.
    ///
    /// English: "{object} approaching, {place}."
    case hazardApproaching

    /// The warning in the possibly band: "Possibly a car approaching, at 12 o'clock." object: with its article.
    ///
    /// English: "Possibly {object} approaching, {place}."
    case hazardPossiblyApproaching

    /// The warning in terse speech: "person approaching 12 o'clock", "maybe car approaching 12 o'clock".
    ///
    /// English: "{band, select, possibly {maybe {object} approaching {place}} other {{object} approaching {place}}}"
    case hazardTerse

    // The nouns of the 80 COCO classes, by form: one (with its article: "a person"), many (to follow a
    // number: "people"), bare (where a count or "another" takes the article's place: "person") and
    // another (one more: "another person"), name (the kind's name as a list of kinds says it and a
    // user types it: "person", where French's bare "quelqu'un" would not do) and, in a language that
    // needs it, definite (with the definite article: "la tasse", "l'horloge"; French's findLostSight).
    // count is how many the form speaks of, for a language whose plural depends on it. A language whose
    // words agree with the noun adds a gender case (masculine, feminine, neuter…): the sentences naming
    // the noun get it as {gender}.

    /// A label outside the COCO classes (another model's), as it is: label is the model's name for the class.
    ///
    /// English: "{form, select, one {a {label}} many {{label}s} bare {{label}} name {{label}} another {another {label}} other {}}"
    case objectNounUnknown

    /// The noun for the detector's class "person", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a person} many {people} bare {person} name {person} another {another person} other {}}"
    case objectNounPerson

    /// The noun for the detector's class "bicycle", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a bicycle} many {bicycles} bare {bicycle} name {bicycle} another {another bicycle} other {}}"
    case objectNounBicycle

    /// The noun for the detector's class "car", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a car} many {cars} bare {car} name {car} another {another car} other {}}"
    case objectNounCar

    /// The noun for the detector's class "motorcycle", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a motorcycle} many {motorcycles} bare {motorcycle} name {motorcycle} another {another motorcycle} other {}}"
    case objectNounMotorcycle

    /// The noun for the detector's class "airplane", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {an airplane} many {airplanes} bare {airplane} name {airplane} another {another airplane} other {}}"
    case objectNounAirplane

    /// The noun for the detector's class "bus", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a bus} many {buses} bare {bus} name {bus} another {another bus} other {}}"
    case objectNounBus

    /// The noun for the detector's class "train", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a train} many {trains} bare {train} name {train} another {another train} other {}}"
    case objectNounTrain

    /// The noun for the detector's class "truck", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a truck} many {trucks} bare {truck} name {truck} another {another truck} other {}}"
    case objectNounTruck

    /// The noun for the detector's class "boat", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a boat} many {boats} bare {boat} name {boat} another {another boat} other {}}"
    case objectNounBoat

    /// The noun for the detector's class "traffic light", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a traffic light} many {traffic lights} bare {traffic light} name {traffic light} another {another traffic light} other {}}"
    case objectNounTrafficLight

    /// The noun for the detector's class "fire hydrant", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a fire hydrant} many {fire hydrants} bare {fire hydrant} name {fire hydrant} another {another fire hydrant} other {}}"
    case objectNounFireHydrant

    /// The noun for the detector's class "stop sign", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a stop sign} many {stop signs} bare {stop sign} name {stop sign} another {another stop sign} other {}}"
    case objectNounStopSign

    /// The noun for the detector's class "parking meter", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a parking meter} many {parking meters} bare {parking meter} name {parking meter} another {another parking meter} other {}}"
    case objectNounParkingMeter

    /// The noun for the detector's class "bench", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a bench} many {benches} bare {bench} name {bench} another {another bench} other {}}"
    case objectNounBench

    /// The noun for the detector's class "bird", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a bird} many {birds} bare {bird} name {bird} another {another bird} other {}}"
    case objectNounBird

    /// The noun for the detector's class "cat", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a cat} many {cats} bare {cat} name {cat} another {another cat} other {}}"
    case objectNounCat

    /// The noun for the detector's class "dog", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a dog} many {dogs} bare {dog} name {dog} another {another dog} other {}}"
    case objectNounDog

    /// The noun for the detector's class "horse", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a horse} many {horses} bare {horse} name {horse} another {another horse} other {}}"
    case objectNounHorse

    /// The noun for the detector's class "sheep", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a sheep} many {sheep} bare {sheep} name {sheep} another {another sheep} other {}}"
    case objectNounSheep

    /// The noun for the detector's class "cow", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a cow} many {cows} bare {cow} name {cow} another {another cow} other {}}"
    case objectNounCow

    /// The noun for the detector's class "elephant", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {an elephant} many {elephants} bare {elephant} name {elephant} another {another elephant} other {}}"
    case objectNounElephant

    /// The noun for the detector's class "bear", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a bear} many {bears} bare {bear} name {bear} another {another bear} other {}}"
    case objectNounBear

    /// The noun for the detector's class "zebra", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a zebra} many {zebras} bare {zebra} name {zebra} another {another zebra} other {}}"
    case objectNounZebra

    /// The noun for the detector's class "giraffe", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a giraffe} many {giraffes} bare {giraffe} name {giraffe} another {another giraffe} other {}}"
    case objectNounGiraffe

    /// The noun for the detector's class "backpack", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a backpack} many {backpacks} bare {backpack} name {backpack} another {another backpack} other {}}"
    case objectNounBackpack

    /// The noun for the detector's class "umbrella", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {an umbrella} many {umbrellas} bare {umbrella} name {umbrella} another {another umbrella} other {}}"
    case objectNounUmbrella

    /// The noun for the detector's class "handbag", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a handbag} many {handbags} bare {handbag} name {handbag} another {another handbag} other {}}"
    case objectNounHandbag

    /// The noun for the detector's class "tie", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a tie} many {ties} bare {tie} name {tie} another {another tie} other {}}"
    case objectNounTie

    /// The noun for the detector's class "suitcase", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a suitcase} many {suitcases} bare {suitcase} name {suitcase} another {another suitcase} other {}}"
    case objectNounSuitcase

    /// The noun for the detector's class "frisbee", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a frisbee} many {frisbees} bare {frisbee} name {frisbee} another {another frisbee} other {}}"
    case objectNounFrisbee

    /// The noun for the detector's class "pair of skis", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a pair of skis} many {pairs of skis} bare {pair of skis} name {pair of skis} another {another pair of skis} other {}}"
    case objectNounSkis

    /// The noun for the detector's class "snowboard", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a snowboard} many {snowboards} bare {snowboard} name {snowboard} another {another snowboard} other {}}"
    case objectNounSnowboard

    /// The noun for the detector's class "sports ball", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a sports ball} many {sports balls} bare {sports ball} name {sports ball} another {another sports ball} other {}}"
    case objectNounSportsBall

    /// The noun for the detector's class "kite", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a kite} many {kites} bare {kite} name {kite} another {another kite} other {}}"
    case objectNounKite

    /// The noun for the detector's class "baseball bat", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a baseball bat} many {baseball bats} bare {baseball bat} name {baseball bat} another {another baseball bat} other {}}"
    case objectNounBaseballBat

    /// The noun for the detector's class "baseball glove", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a baseball glove} many {baseball gloves} bare {baseball glove} name {baseball glove} another {another baseball glove} other {}}"
    case objectNounBaseballGlove

    /// The noun for the detector's class "skateboard", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a skateboard} many {skateboards} bare {skateboard} name {skateboard} another {another skateboard} other {}}"
    case objectNounSkateboard

    /// The noun for the detector's class "surfboard", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a surfboard} many {surfboards} bare {surfboard} name {surfboard} another {another surfboard} other {}}"
    case objectNounSurfboard

    /// The noun for the detector's class "tennis racket", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a tennis racket} many {tennis rackets} bare {tennis racket} name {tennis racket} another {another tennis racket} other {}}"
    case objectNounTennisRacket

    /// The noun for the detector's class "bottle", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a bottle} many {bottles} bare {bottle} name {bottle} another {another bottle} other {}}"
    case objectNounBottle

    /// The noun for the detector's class "wine glass", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a wine glass} many {wine glasses} bare {wine glass} name {wine glass} another {another wine glass} other {}}"
    case objectNounWineGlass

    /// The noun for the detector's class "cup", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a cup} many {cups} bare {cup} name {cup} another {another cup} other {}}"
    case objectNounCup

    /// The noun for the detector's class "fork", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a fork} many {forks} bare {fork} name {fork} another {another fork} other {}}"
    case objectNounFork

    /// The noun for the detector's class "knife", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a knife} many {knives} bare {knife} name {knife} another {another knife} other {}}"
    case objectNounKnife

    /// The noun for the detector's class "spoon", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a spoon} many {spoons} bare {spoon} name {spoon} another {another spoon} other {}}"
    case objectNounSpoon

    /// The noun for the detector's class "bowl", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a bowl} many {bowls} bare {bowl} name {bowl} another {another bowl} other {}}"
    case objectNounBowl

    /// The noun for the detector's class "banana", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a banana} many {bananas} bare {banana} name {banana} another {another banana} other {}}"
    case objectNounBanana

    /// The noun for the detector's class "apple", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {an apple} many {apples} bare {apple} name {apple} another {another apple} other {}}"
    case objectNounApple

    /// The noun for the detector's class "sandwich", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a sandwich} many {sandwiches} bare {sandwich} name {sandwich} another {another sandwich} other {}}"
    case objectNounSandwich

    /// The noun for the detector's class "orange", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {an orange} many {oranges} bare {orange} name {orange} another {another orange} other {}}"
    case objectNounOrange

    /// The noun for the detector's class "broccoli", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {some broccoli} many {pieces of broccoli} bare {broccoli} name {broccoli} another {more broccoli} other {}}"
    case objectNounBroccoli

    /// The noun for the detector's class "carrot", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a carrot} many {carrots} bare {carrot} name {carrot} another {another carrot} other {}}"
    case objectNounCarrot

    /// The noun for the detector's class "hot dog", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a hot dog} many {hot dogs} bare {hot dog} name {hot dog} another {another hot dog} other {}}"
    case objectNounHotDog

    /// The noun for the detector's class "pizza", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a pizza} many {pizzas} bare {pizza} name {pizza} another {another pizza} other {}}"
    case objectNounPizza

    /// The noun for the detector's class "donut", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a donut} many {donuts} bare {donut} name {donut} another {another donut} other {}}"
    case objectNounDonut

    /// The noun for the detector's class "cake", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a cake} many {cakes} bare {cake} name {cake} another {another cake} other {}}"
    case objectNounCake

    /// The noun for the detector's class "chair", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a chair} many {chairs} bare {chair} name {chair} another {another chair} other {}}"
    case objectNounChair

    /// The noun for the detector's class "couch", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a couch} many {couches} bare {couch} name {couch} another {another couch} other {}}"
    case objectNounCouch

    /// The noun for the detector's class "potted plant", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a potted plant} many {potted plants} bare {potted plant} name {potted plant} another {another potted plant} other {}}"
    case objectNounPottedPlant

    /// The noun for the detector's class "bed", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a bed} many {beds} bare {bed} name {bed} another {another bed} other {}}"
    case objectNounBed

    /// The noun for the detector's class "dining table", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a dining table} many {dining tables} bare {dining table} name {dining table} another {another dining table} other {}}"
    case objectNounDiningTable

    /// The noun for the detector's class "toilet", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a toilet} many {toilets} bare {toilet} name {toilet} another {another toilet} other {}}"
    case objectNounToilet

    /// The noun for the detector's class "TV", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a TV} many {TVs} bare {TV} name {TV} another {another TV} other {}}"
    case objectNounTV

    /// The noun for the detector's class "laptop", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a laptop} many {laptops} bare {laptop} name {laptop} another {another laptop} other {}}"
    case objectNounLaptop

    /// The noun for the detector's class "mouse", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a mouse} many {mice} bare {mouse} name {mouse} another {another mouse} other {}}"
    case objectNounMouse

    /// The noun for the detector's class "remote control", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a remote control} many {remote controls} bare {remote control} name {remote control} another {another remote control} other {}}"
    case objectNounRemote

    /// The noun for the detector's class "keyboard", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a keyboard} many {keyboards} bare {keyboard} name {keyboard} another {another keyboard} other {}}"
    case objectNounKeyboard

    /// The noun for the detector's class "cell phone", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a cell phone} many {cell phones} bare {cell phone} name {cell phone} another {another cell phone} other {}}"
    case objectNounCellPhone

    /// The noun for the detector's class "microwave", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a microwave} many {microwaves} bare {microwave} name {microwave} another {another microwave} other {}}"
    case objectNounMicrowave

    /// The noun for the detector's class "oven", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {an oven} many {ovens} bare {oven} name {oven} another {another oven} other {}}"
    case objectNounOven

    /// The noun for the detector's class "toaster", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a toaster} many {toasters} bare {toaster} name {toaster} another {another toaster} other {}}"
    case objectNounToaster

    /// The noun for the detector's class "sink", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a sink} many {sinks} bare {sink} name {sink} another {another sink} other {}}"
    case objectNounSink

    /// The noun for the detector's class "refrigerator", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a refrigerator} many {refrigerators} bare {refrigerator} name {refrigerator} another {another refrigerator} other {}}"
    case objectNounRefrigerator

    /// The noun for the detector's class "book", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a book} many {books} bare {book} name {book} another {another book} other {}}"
    case objectNounBook

    /// The noun for the detector's class "clock", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a clock} many {clocks} bare {clock} name {clock} another {another clock} other {}}"
    case objectNounClock

    /// The noun for the detector's class "vase", in the forms the note above objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a vase} many {vases} bare {vase} name {vase} another {another vase} other {}}"
    case objectNounVase

    /// The noun for the detector's class "pair of scissors", in the forms the note above
    /// objectNounUnknown describes.
    ///
    /// English: "{form, select, one {a pair of scissors} many {pairs of scissors} bare {pair of scissors} name {pair of scissors} another {another pair of scissors} other {}}"
    case objectNounScissors

    /// The noun for the detector's class "teddy bear", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a teddy bear} many {teddy bears} bare {teddy bear} name {teddy bear} another {another teddy bear} other {}}"
    case objectNounTeddyBear

    /// The noun for the detector's class "hair drier", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a hair drier} many {hair driers} bare {hair drier} name {hair drier} another {another hair drier} other {}}"
    case objectNounHairDrier

    /// The noun for the detector's class "toothbrush", in the forms the note above objectNounUnknown
    /// describes.
    ///
    /// English: "{form, select, one {a toothbrush} many {toothbrushes} bare {toothbrush} name {toothbrush} another {another toothbrush} other {}}"
    case objectNounToothbrush

    // MARK: Awareness and the live session: modes, verbosity, pause, repeat, signs

    /// Said by the more and less keys on arriving at each verbosity.
    ///
    /// English: "Short descriptions."
    case awarenessShortDescriptions

    /// Said when the + or - key brings the verbosity to normal (--verbosity normal).
    ///
    /// English: "Normal descriptions."
    case awarenessNormalDescriptions

    /// Said when the + key brings the verbosity to detailed, the most that each sentence says.
    ///
    /// English: "Detailed descriptions."
    case awarenessDetailedDescriptions

    /// Said by the more key at the most detailed verbosity, and by the less key at the shortest:
    /// nothing changed, and the answer must not sound as if it had.
    ///
    /// English: "Already the most detailed descriptions."
    case awarenessAlreadyMostDetailed

    /// Said when - is pressed at the terse verbosity already, the fewest words.
    ///
    /// English: "Already the shortest descriptions."
    case awarenessAlreadyShortest

    /// A short line of text in view, after a summary: "Possibly a sign at 2 o'clock, reading EXIT." band: probably
    /// or possibly, by how sure the scene engine is of the line; place: objectsPlaceAt ("at 2 o'clock"); text:
    /// the words as read.
    ///
    /// English: "{band, select, probably {Probably} other {Possibly}} a sign {place}, reading {text}."
    case signsSign

    /// Longer text in view, which the r key reads.
    ///
    /// English: "Possibly more text in view; press r to read it."
    case signsMoreText

    /// The same for a still picture summed up (aware IMAGE --summary), where no key works: path: the
    /// picture as it was named, quoted as a shell needs it.
    ///
    /// English: "Possibly more text in this picture; read it with 'sensecam read {path}'."
    case signsMoreTextInPicture

    /// Said when p pauses the narration in a live session.
    ///
    /// English: "Paused."
    case sessionPaused

    /// Said when p resumes the narration after a pause.
    ///
    /// English: "Resumed."
    case sessionResumed

    /// The repeat key before anything was said.
    ///
    /// English: "Nothing said yet."
    case sessionNothingSaidYet

    /// A key that needs a picture (describe, read), pressed before the camera gave one.
    ///
    /// English: "No picture yet."
    case sessionNoPictureYet

    /// Said once when a recording ends, so the listener is not left waiting.
    ///
    /// English: "End of video."
    case sessionEndOfVideo

    /// The d key after a recording has ended: a fresh look at its last picture, said as that (pressed
    /// twice it says the same, which must not sound new). description: what d says of a picture,
    /// e.g. "Probably indoors, dim light. In view: probably a person at 12 o'clock."
    ///
    /// English: "Last picture of the video. {description}"
    case sessionVideoLastPicture

    // MARK: Reading aloud: lines, unclear words, pages

    /// Not one line could be read: about what the tool could read, not a claim that the page is blank.
    ///
    /// English: "No readable text found."
    case readingNoReadableText

    /// Words were found, none of them clearly.
    ///
    /// English: "Possibly some text, too unclear to read."
    case readingOnlyUnclearText

    /// Stands in a line for one or more words too unclear to say.
    ///
    /// English: "(unclear)"
    case readingUnclearMarker

    /// Closes a reading: "End of page: 9 lines." reading: page (a page read by Tesseract) or text (text
    /// in view read by the scene engine); lines: how many lines were read.
    ///
    /// English: "End of {reading, select, page {page} other {text}}: {lines, plural, one {# line} other {# lines}}."
    case readingEnd

    /// readingEnd when some words were unclear. unclear: how many "(unclear)" markers were heard (a run of
    /// unclear words is one marker); leftOut: lines not said for want of a clear word. Each is left out at 0:
    /// "End of page: 9 lines, 2 unclear spots, 1 line too unclear to read."
    ///
    /// English: "End of {reading, select, page {page} other {text}}: {lines, plural, =0 {no lines read} one {# line} other {# lines}}{unclear, plural, =0 {} one {, # unclear spot} other {, # unclear spots}}{leftOut, plural, =0 {} one {, # line too unclear to read} other {, # lines too unclear to read}}."
    case readingEndWithUnclear

    /// Opens a reading with so many unclear words that it is not read line by line with markers; only its
    /// wholly clear lines follow. reading: page or text, as in readingEnd.
    ///
    /// English: "{reading, select, page {Much of the page is unclear: move closer, hold the page flat, or add more light.} other {Much of the text is unclear: move closer, hold the camera steady, or add more light.}}"
    case readingMostlyUnclear

    // MARK: Speech, braille, cues and channels

    /// The narration's channels by their own names, each starting a sentence (channelStopped, channelBack), and what narration does on each, after a semicolon.
    ///
    /// English: "the terminal"
    case channelTerminal

    /// After channelTerminal's sentence: what narration does now that it goes to the terminal, after a
    /// semicolon.
    ///
    /// English: "printing the narration instead"
    case channelTakingTerminal

    /// speech-dispatcher, the speech server, by its own name at the start of a sentence (channelStopped,
    /// channelBack).
    ///
    /// English: "Speech-dispatcher"
    case channelSpeechDispatcher

    /// What narration does on speech-dispatcher, after a semicolon in channelBack or
    /// channelStoppedOthersFailed.
    ///
    /// English: "speaking through speech-dispatcher"
    case channelTakingSpeechDispatcher

    /// espeak-ng, the speech synthesizer, by its own name at the start of a sentence (channelStopped,
    /// channelBack).
    ///
    /// English: "espeak-ng"
    case channelEspeak

    /// What narration does on espeak-ng, after a semicolon in channelBack or channelStoppedOthersFailed.
    ///
    /// English: "speaking with espeak-ng"
    case channelTakingEspeak

    /// BRLTTY, the braille display's server, by its own name at the start of a sentence (channelStopped,
    /// channelBack).
    ///
    /// English: "BRLTTY"
    case channelBrltty

    /// What narration does on the braille display, after a semicolon in channelBack or
    /// channelStoppedOthersFailed.
    ///
    /// English: "showing the narration in braille"
    case channelTakingBrltty

    /// Said once when a run starts, when speech-dispatcher is not there.
    ///
    /// English: "Speech-dispatcher is not running; speaking with espeak-ng."
    case channelSpeakingWithEspeak

    /// {reason}: why espeak-ng could not start, one of the espeak… messages (espeakNoSoundDevice, espeakNoVoice…) without its full stop.
    ///
    /// English: "Cannot speak: speech-dispatcher is not running and espeak-ng could not start ({reason}); printing the narration instead."
    case channelCannotSpeak

    /// Said once when a run starts, when speech-dispatcher took the connection but did not answer (it hung).
    ///
    /// English: "Speech-dispatcher is not answering; speaking with espeak-ng."
    case channelSpeakingWithEspeakNoAnswer

    /// channelCannotSpeak when speech-dispatcher took the connection but did not answer (it hung). {reason}: as in channelCannotSpeak.
    ///
    /// English: "Cannot speak: speech-dispatcher is not answering and espeak-ng could not start ({reason}); printing the narration instead."
    case channelCannotSpeakNoAnswer

    /// {reason}: the braille display's own sentence, without its full stop.
    ///
    /// English: "{reason}; printing the narration instead."
    case channelPrintingInstead

    /// Symbols spelled out for speech and braille, which read them inconsistently, by name: times (×),
    /// percent (%), degrees (°), tilde (~), ampersand (&), plusMinus (±), approximately (≈), ellipsis (…).
    ///
    /// English: "{symbol, select, times {times} percent {percent} degrees {degrees} tilde {about} ampersand {and} plusMinus {plus or minus} approximately {about} ellipsis {...} other {}}"
    case speechSymbol

    /// A unit after a number ("2 m", "71 ms"), said in the plural form the number takes. unit: the
    /// abbreviation as written; count: the number.
    ///
    /// English: "{unit, select, m {{count, plural, one {metre} other {metres}}} cm {{count, plural, one {centimetre} other {centimetres}}} mm {{count, plural, one {millimetre} other {millimetres}}} km {{count, plural, one {kilometre} other {kilometres}}} ms {{count, plural, one {millisecond} other {milliseconds}}} s {{count, plural, one {second} other {seconds}}} kg {{count, plural, one {kilogram} other {kilograms}}} g {{count, plural, one {gram} other {grams}}} fps {{count, plural, one {frame a second} other {frames a second}}} h {{count, plural, one {hour} other {hours}}} min {{count, plural, one {minute} other {minutes}}} MB {{count, plural, one {megabyte} other {megabytes}}} MiB {{count, plural, one {mebibyte} other {mebibytes}}} GB {{count, plural, one {gigabyte} other {gigabytes}}} other {{unit}}}"
    case speechUnit

    /// One of a unit after the number 1 ("1 kg", "1 h"), said with the number as a word, as a voice
    /// would otherwise read the digit ("eins Kilogramm" for German's "ein Kilogramm"). unit: the
    /// abbreviation as written, as in speechUnit.
    ///
    /// English: "{unit, select, m {one metre} cm {one centimetre} mm {one millimetre} km {one kilometre} ms {one millisecond} s {one second} kg {one kilogram} g {one gram} fps {one frame a second} h {one hour} min {one minute} MB {one megabyte} MiB {one mebibyte} GB {one gigabyte} other {one {unit}}}"
    case speechUnitOne

    /// Replaces the x between two numbers of a size ("1280x720" is said "1280 by 720"); keep its spaces.
    ///
    /// English: " by "
    case speechDimensionBy

    /// Words written with a full stop that rarely end a sentence, without the stop, separated by spaces:
    /// speech says a page a sentence at a time, and does not end one after these. Titles, company forms,
    /// references, months, and the court and citation forms legal pages use; "etc." ends sentences as
    /// often as not, so it is left out.
    ///
    /// English: "mr mrs ms dr prof rev hon st sr jr gen col capt lt sgt gov pres sen rep inc ltd co corp bros no nos vol vols pp ch fig figs eq ed eds cf al vs viz approx ca dept est ave rd blvd mt ft jan feb mar apr jun jul aug sep sept oct nov dec cir tel serv supp app ct id ibid"
    case speechAbbreviations

    /// A failure after espeak-ng was closed while narration still wanted to speak (at the end of a run).
    ///
    /// English: "The espeak-ng synthesizer has been closed."
    case speechSynthesizerClosed

    /// Speech synthesized into a WAV file (speech recorded to a file, as the tests and benchmarks do)
    /// could not be written. path: the file.
    ///
    /// English: "Cannot write the WAV file {path}; check that its folder exists and is writable."
    case speechCannotWriteWAV

    /// speech-dispatcher would not take a setting: the speech rate (-100 to 100), the voice's language
    /// (an ISO 639-1 code), or the punctuation level.
    ///
    /// English: "Speech-dispatcher refused the rate {rate}."
    case speechDispatcherRefusedRate

    /// Speech-dispatcher said no to the language narration asked for. language: its code, such as de.
    ///
    /// English: "Speech-dispatcher refused the language '{language}'."
    case speechDispatcherRefusedLanguage

    /// Speech-dispatcher said no to the punctuation level narration asks for (all symbols said by name).
    ///
    /// English: "Speech-dispatcher refused the punctuation level."
    case speechDispatcherRefusedPunctuation

    /// Speech-dispatcher closed the connection or stopped answering during a run; narration then moves to
    /// another channel.
    ///
    /// English: "Speech-dispatcher stopped taking speech."
    case speechDispatcherStopped

    /// Speech-dispatcher took the connection but did not answer within the time limit; seconds: that limit.
    ///
    /// English: "Speech-dispatcher did not answer within {seconds, plural, one {# second} other {# seconds}}."
    case speechDispatcherNotAnswering

    /// --speech-address was given and cannot be read. {address}: what was given. unix_socket: and inet_socket: are keywords; path, host and port may be translated.
    ///
    /// English: "The speech-dispatcher address '{address}' is not valid; use unix_socket:/path or inet_socket:host:port."
    case speechDispatcherBadAddress

    /// The environment variable SPEECHD_ADDRESS (a name, not translated) cannot be read.
    ///
    /// English: "The speech-dispatcher address in SPEECHD_ADDRESS is not valid; set it to unix_socket:/path or inet_socket:host:port, or unset it."
    case speechDispatcherBadEnvironmentAddress

    /// Nothing listens at speech-dispatcher's default address, and none was to be started.
    ///
    /// English: "Speech-dispatcher is not running."
    case speechDispatcherNotRunning

    /// Nothing listens at the address given. {address}: that address ("unix_socket:/run/user/1000/speech.sock").
    ///
    /// English: "Speech-dispatcher is not running at {address}."
    case speechDispatcherNotRunningAt

    /// Nothing listened, and starting speech-dispatcher did not help.
    ///
    /// English: "Speech-dispatcher is not running and could not be started; check that the speech-dispatcher package is installed."
    case speechDispatcherNotStarted

    /// The server took the connection, then refused what this program needs of it (its client number, being told when speech ends).
    ///
    /// English: "Speech-dispatcher took the connection but refused this program's requests; restart speech-dispatcher."
    case speechDispatcherRefusedClient

    /// Connecting to speech-dispatcher failed for another reason (out of memory, a system call that failed).
    ///
    /// English: "Speech-dispatcher could not be used; restart it and try again."
    case speechDispatcherUnusable

    /// A braille display's object line, a fixed notation that fits 40 cells: "person 11h ~2m",
    /// "9 people mostly 12h", "3 people +2? 11-1h". The hour of a clock direction...
    ///
    /// English: "{hour}h"
    case brailleObjectsAt

    /// ...where most of a kind are (at least three): "mostly 12h". hour: the clock hour.
    ///
    /// English: "mostly {hour}h"
    case brailleObjectsMostly

    /// ...the hours a kind spans, left to right...
    ///
    /// English: "{from}-{to}h"
    case brailleObjectsSpan

    /// ...and the estimated distance in metres, rounded as it is said.
    ///
    /// English: "~{metres}m"
    case brailleDistance

    /// BrlAPI failed while connecting, for a reason other than those worded by brailleNotRunning, brailleKeyRefused and brailleHostUnknown.
    ///
    /// English: "No braille display: BRLTTY could not be used; restart it and try again."
    case brailleNoDisplay

    /// BRLTTY answered but would not give this program the display, for a reason other than brailleTakenByAnother.
    ///
    /// English: "The braille display could not be taken; restart BRLTTY and try again."
    case brailleNotTaken

    /// A write to the display failed mid-run; said as the next channel takes over.
    ///
    /// English: "The braille display stopped showing narration."
    case brailleStoppedShowing

    /// Reading the display's keys failed mid-run; said as the next channel takes over.
    ///
    /// English: "The braille display stopped answering."
    case brailleStoppedAnswering

    /// liblouis could not find or compile a table. {table}: the table's file name ("de-g2.ctb").
    ///
    /// English: "The braille table {table} could not be loaded; check that liblouis-data is installed."
    case brailleNoTable

    /// Nothing listens at BrlAPI's address.
    ///
    /// English: "No braille display: BRLTTY is not running."
    case brailleNotRunning

    /// BRLTTY refused the BrlAPI key this program offered. BRLAPI_AUTH and /etc/brlapi.key are names, not translated.
    ///
    /// English: "No braille display: BRLTTY refused this program's BrlAPI key; set BRLAPI_AUTH, or make /etc/brlapi.key readable."
    case brailleKeyRefused

    /// The host BrlAPI was to connect to could not be found. BRLAPI_HOST is a name, not translated.
    ///
    /// English: "No braille display: the BrlAPI host could not be found; check BRLAPI_HOST."
    case brailleHostUnknown

    /// BRLTTY would not give the display: another program holds it.
    ///
    /// English: "The braille display could not be taken: another program is using it."
    case brailleTakenByAnother

    /// espeak-ng could not play: no sound device. Said inside channelCannotSpeak's parentheses, its full stop dropped.
    ///
    /// English: "espeak-ng found no sound device."
    case espeakNoSoundDevice

    /// espeak-ng is held already by another part of this run (or plays to the sound device and cannot also write to memory). Said inside channelCannotSpeak's parentheses, its full stop dropped.
    ///
    /// English: "espeak-ng is already in use in this program."
    case espeakInUse

    /// espeak-ng itself did not start (its voice data is missing or damaged). Said inside channelCannotSpeak's parentheses, its full stop dropped.
    ///
    /// English: "espeak-ng could not load its voice data; reinstall espeak-ng-data."
    case espeakCouldNotStart

    /// {language}: the code asked for ("de"). Said inside channelCannotSpeak's parentheses, its full stop dropped.
    ///
    /// English: "espeak-ng has no voice for the language '{language}'."
    case espeakNoVoice

    /// espeak-ng refused to say or synthesize a text.
    ///
    /// English: "espeak-ng could not speak the text."
    case espeakCouldNotSpeak

    /// The cue tones could not play: no sound device.
    ///
    /// English: "Cannot play tones: no sound device was found."
    case tonesNoSoundDevice

    /// The cue tones could not play: the sound device was found but did not open.
    ///
    /// English: "Cannot play tones: the sound device did not open."
    case tonesSoundDeviceFailed

    /// A run with no channel for its narration: none of those asked for (--output or the profile) could
    /// be opened.
    ///
    /// English: "No channel opened."
    case channelNoneOpened

    /// A channel's server went away mid-run and the next took over: "Speech-dispatcher stopped; speaking
    /// with espeak-ng." failed: the channel's name; taking: what the next channel does.
    ///
    /// English: "{failed} stopped; {taking}."
    case channelStopped

    /// channelStopped when channels between them could not start either; skipped: their names, as a list.
    ///
    /// English: "{failed} stopped and {skipped} could not start; {taking}."
    case channelStoppedOthersFailed

    /// A channel that had stopped took the narration back.
    ///
    /// English: "{channel} is back."
    case channelBack

    /// After the run, with --stats: "Speech-dispatcher stopped once during the run (espeak-ng took over) and
    /// came back once." from: the channel that stopped; to: the one that took over; stops and backs: how
    /// often it stopped and came back.
    ///
    /// English: "{from} stopped {stops, plural, one {once} other {# times}} during the run ({to} took over) and {backs, plural, =0 {did not come back} one {came back once} other {came back # times}}."
    case channelSummary

    // MARK: Review keys' answers

    /// The review cursor at the first line or sentence, and past the last.
    ///
    /// English: "Top."
    case reviewTop

    /// The answer to a review key that would move past the last item (thing said, line, word or
    /// character): the end.
    ///
    /// English: "Bottom."
    case reviewBottom

    /// The answer to a line review key (7, 9, the up and down arrows) before anything was read.
    ///
    /// English: "No reading yet."
    case reviewNoReading

    /// The answer to a review key before anything was said in the session.
    ///
    /// English: "Nothing said yet."
    case reviewNothingSaid

    /// A word spelled letter by letter: a capital letter.
    ///
    /// English: "capital {letter}"
    case reviewCapitalLetter

    /// A word spelled letter by letter: a symbol, by name, as screen readers name them.
    ///
    /// English: "{symbol, select, dot {dot} comma {comma} colon {colon} semicolon {semicolon} exclamationMark {exclamation mark} questionMark {question mark} apostrophe {apostrophe} quote {quote} leftQuote {left quote} rightQuote {right quote} dash {dash} enDash {en dash} emDash {em dash} leftParen {left paren} rightParen {right paren} leftBracket {left bracket} rightBracket {right bracket} leftBrace {left brace} rightBrace {right brace} slash {slash} backslash {backslash} at {at} numberSign {number sign} dollar {dollar} euro {euro} pound {pound} star {star} plus {plus} equals {equals} underscore {underscore} lessThan {less than} greaterThan {greater than} caret {caret} bar {bar} grave {grave} tilde {tilde} ellipsis {ellipsis} space {space} other {}}"
    case reviewSymbol

    /// Opens each answer of the review keys, spoken and printed, so it is not taken for narration:
    /// "Review: Take 2 tablets". text: the answer (a line, word, character or sentence said before)
    ///
    /// English: "Review: {text}"
    case reviewAnswer

    // MARK: Finding things

    /// What m says on arriving in find mode.
    ///
    /// English: "Find mode."
    case modeFind

    /// The end of objectsSentence for a thing sought, with its distance when its kind's size gives one:
    /// "Probably a cup, at 2 o'clock, about 1 metre." place: objectsPlaceAt; distance: objectsDistance….
    ///
    /// English: "{place}, {distance}"
    case findPlaceAndDistance

    /// Said when the thing sought comes into the middle third of the view.
    ///
    /// English: "Centred."
    case findCentred

    /// The answer to d (describe) while the thing sought has not been seen: about the tool, never a claim
    /// that it is not there.
    ///
    /// English: "Not seen yet."
    case findNotSeenYet

    /// The answer to d when the thing sought was seen before but not in the last moments.
    ///
    /// English: "Not seen again yet."
    case findNotSeenAgainYet

    /// Guidance stopped because the detector has not seen the thing for a while; said again when it is.
    /// object: the bare noun ("cup"); definite: the noun with its definite article, where the catalog's
    /// nouns have that form ("la tasse"); gender as in objectNoun….
    ///
    /// English: "Lost sight of the {object}."
    case findLostSight

    /// A still image in which the thing sought was not seen: never a claim that it is absent.
    /// object: the noun with its article ("a cup"); noun: the bare noun ("cup"), for a language that says
    /// "no cup" ("keine Tasse", "ninguna taza"); gender as in objectNoun….
    ///
    /// English: "Could not find {object} in this picture; it may still be there."
    case findNotInPicture

    /// Find mode reached with m in a session started in another mode, when nothing was named to find.
    ///
    /// English: "Find mode needs something to find: start it with 'sensecam find' and a name, such as 'sensecam find cup'."
    case findNeedsThing

    /// A thing the user taught (teach NAME), seen: band: probably or possibly (as objectsHedge); name: the
    /// name it was taught as, as typed; place: objectsPlaceAt ("at 2 o'clock"). No distance: its size is unknown.
    ///
    /// English: "{band, select, probably {Probably your {name}} other {Possibly your {name}}}, {place}."
    case findTaughtSentence

    /// As findLostSight, for a thing the user taught; name: the name it was taught as.
    ///
    /// English: "Lost sight of your {name}."
    case findTaughtLostSight

    /// As findNotInPicture, for a thing the user taught; name: the name it was taught as.
    ///
    /// English: "Could not find your {name} in this picture; it may still be there."
    case findTaughtNotInPicture

    /// The everyday names a user may type for each kind, besides the noun's own forms (objectNoun…, its
    /// singular and plural) and the model's label: kind is the model's label with _ for spaces; the names
    /// are separated by commas. Case and accents do not matter. A name listed for two kinds goes to the
    /// first. Leave a kind's case out when it has no other name.
    ///
    /// English: "{kind, select, person {man, men, woman, women, child, children, kid, kids, human, humans, someone, somebody} bicycle {bike, bikes, cycle, cycles, push bike} car {automobile, automobiles, auto} motorcycle {motorbike, motorbikes, motor bike, motor bikes} airplane {aeroplane, aeroplanes, plane, planes, aircraft, jet, jets} truck {lorry, lorries} boat {ship, ships} traffic_light {traffic signal, traffic signals, stoplight, stoplights} fire_hydrant {hydrant, hydrants} dog {puppy, puppies} cat {kitten, kittens} backpack {rucksack, rucksacks, knapsack} handbag {bag, bags, purse, purses} tie {necktie, neckties} suitcase {luggage} skis {ski} sports_ball {ball, balls, football, soccer ball, basketball, tennis ball} wine_glass {glass, glasses, wineglass, wineglasses} cup {mug, mugs, teacup, teacups, coffee cup, coffee cups} donut {doughnut, doughnuts} couch {sofa, sofas, settee, settees} potted_plant {plant, plants, houseplant, houseplants, pot plant, pot plants} dining_table {table, tables, kitchen table, kitchen tables, dinner table} toilet {loo, wc} tv {television, televisions, tv set, telly} laptop {laptop computer, laptop computers, notebook computer} mouse {computer mouse} remote {remotes, tv remote} keyboard {computer keyboard} cell_phone {phone, phones, mobile, mobiles, mobile phone, mobile phones, cellphone, cellphones, smartphone, smartphones} microwave {microwave oven} refrigerator {fridge, fridges} sink {basin, washbasin} hair_drier {hair dryer, hair dryers, hairdryer, blow dryer} teddy_bear {teddy, teddies} other {}}"
    case findKindNames

    /// find with a name that is no kind sensecam finds and nothing taught, nor a likely slip for one:
    /// name: as typed; teach: the name as a shell needs it typed; count: how many things the user taught;
    /// taught: their names, as a list.
    ///
    /// English: "sensecam cannot find {name} by itself{count, plural, =0 {} other {, and you have taught it only {taught}}}; teach it your {name} with 'sensecam teach {teach} PHOTO…'."
    case usageFindNotAKind

    /// The same when a name it knows is close to the one typed: suggestion: that name.
    ///
    /// English: "sensecam cannot find '{name}'; did you mean '{suggestion}'?"
    case usageFindUnknownKindGuess

    /// Said before find looks for a kind whose name the user had also taught a thing under (before teach
    /// refused such names): name: the taught name; kinds: the kind's noun for several ("cups").
    ///
    /// English: "'{name}' now means {kinds}, which sensecam finds by itself, not the thing you taught by that name; teach yours again under another name, such as 'my bag'."
    case findTaughtUnderKindName

    /// The one-line summary of `sensecam find`, in its help (OVERVIEW) and in the man page.
    ///
    /// English: "Find one kind of object with the camera, in a video or in an image: where it is, then a tick that rises as it nears the middle."
    case helpFind

    /// `sensecam find --help`: what the argument THING is.
    ///
    /// English: "What to find: a kind of object the detector knows, such as cup, phone, chair or bottle, singular or plural, in the language's words or in English; or a thing you taught with 'sensecam teach', by its name."
    case helpFindThing

    /// `sensecam find --help`: what the optional argument IMAGE is.
    ///
    /// English: "The image to look in (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera."
    case helpFindImage

    /// `sensecam find --help`: the help line of --video.
    ///
    /// English: "Look in this video file instead of an image."
    case helpFindVideo

    /// The longer text after the summary in `sensecam find --help` and the man page. kinds: the kinds of
    /// object it can find, as a list (findKindNames).
    ///
    /// English: "Everyday names work too: mug, phone, sofa, television, table, plant, bike. A name that is neither a kind it knows nor a thing you taught is refused, with how to teach it. The thing is said once, hedged as in aware, with its clock direction and its distance when its size gives one; then a tick on the speech channel rises in pitch and quickens as it nears the middle of the view and grows, and \"Centred.\" is said when it reaches the middle third. sensecam never says that it is not there: on the camera, d says where it is, or \"Not seen yet.\"; q quits, m switches mode. In an image, each clock hour it is seen at gets one sentence.\nThe kinds it finds: {kinds}."
    case helpFindDiscussion

    // MARK: Codes and aiming

    /// A code's kind, as it starts the sentences about it ({kind}): linear symbologies are
    /// barcodes, 2-D ones codes. The symbology's own name (EAN-13, QR) stays as it is.
    ///
    /// English: "EAN-8 barcode"
    case codeFormatEan8

    /// A code's kind, as it starts the sentences about it ({kind}): the EAN-13 barcode of most products.
    ///
    /// English: "EAN-13 barcode"
    case codeFormatEan13

    /// A code's kind, as it starts the sentences about it ({kind}): the UPC-A barcode (North American
    /// products).
    ///
    /// English: "UPC-A barcode"
    case codeFormatUpcA

    /// A code's kind, as it starts the sentences about it ({kind}): the short UPC-E barcode.
    ///
    /// English: "UPC-E barcode"
    case codeFormatUpcE

    /// A code's kind, as it starts the sentences about it ({kind}): the Code 128 barcode (parcels,
    /// labels).
    ///
    /// English: "Code 128 barcode"
    case codeFormatCode128

    /// A code's kind, as it starts the sentences about it ({kind}): the Code 39 barcode.
    ///
    /// English: "Code 39 barcode"
    case codeFormatCode39

    /// A code's kind, as it starts the sentences about it ({kind}): the ITF (interleaved 2 of 5) barcode
    /// of cartons.
    ///
    /// English: "ITF barcode"
    case codeFormatItf

    /// A code's kind, as it starts the sentences about it ({kind}): a QR code.
    ///
    /// English: "QR code"
    case codeFormatQr

    /// A code's kind, as it starts the sentences about it ({kind}): a Data Matrix code.
    ///
    /// English: "Data Matrix code"
    case codeFormatDataMatrix

    /// A code's kind, as it starts the sentences about it ({kind}): a PDF417 code (tickets, identity
    /// cards).
    ///
    /// English: "PDF417 code"
    case codeFormatPdf417

    /// A code's kind, as it starts the sentences about it ({kind}): an Aztec code (tickets).
    ///
    /// English: "Aztec code"
    case codeFormatAztec

    /// A product number or other digits, grouped for listening ("400 638 133 3931").
    ///
    /// English: "{kind} {digits}."
    case codeNumber

    /// A web address said as words ({address}: codeAddressDot and codeAddressSlash); query is yes
    /// when the link goes on after its path (?…), which is not read out.
    ///
    /// English: "{kind}: a web link, {address}{query, select, yes {, with more after it} other {}}."
    case codeWebLink

    /// "example dot org": each dot of a host name said between its parts.
    ///
    /// English: "{head} dot {tail}"
    case codeAddressDot

    /// "example dot org slash menu": each slash of a link's path said before the next part.
    ///
    /// English: "{head} slash {tail}"
    case codeAddressSlash

    /// A Wi-Fi code. named: no when the network has no name; security: wpa, wep, open or unknown
    /// (then nothing is said of it); hidden: yes or no; password: said (the password is {secret}),
    /// withheld (there is one, but the user did not ask for secrets with --show-password) or none.
    ///
    /// English: "{kind}: Wi-Fi network {named, select, no {with no name} other {{network}}}{security, select, wpa {, WPA security} wep {, WEP security} open {, open, no password} other {}}{hidden, select, yes {, hidden} other {}}{password, select, said {. Password: {secret}} withheld {. Password not read out; --show-password says it} other {}}."
    case codeWifiNetwork

    /// A contact card; {details} are codeContactName, codeContactPhone (up to two) and
    /// codeContactEmail, each starting with its own separator.
    ///
    /// English: "{kind}: a contact{details}."
    case codeContact

    /// A contact card's name, inside codeContact's {details}, with its own separator. name: as the card
    /// writes it.
    ///
    /// English: ", {name}"
    case codeContactName

    /// A contact card's phone number, inside codeContact's {details}, with its own separator. number: its
    /// digits, grouped.
    ///
    /// English: ", phone {number}"
    case codeContactPhone

    /// A contact card's email address, inside codeContact's {details}, with its own separator. address:
    /// as written.
    ///
    /// English: ", email {address}"
    case codeContactEmail

    /// A calendar event; {details} are codeEventSummary, codeEventDay or codeEventDayAndTime, and
    /// codeEventLocation, each starting with its own separator.
    ///
    /// English: "{kind}: an event{details}."
    case codeEvent

    /// A calendar event's title, inside codeEvent's {details}, with its own separator. summary: as the
    /// code writes it.
    ///
    /// English: ", {summary}"
    case codeEventSummary

    /// {month} is codeMonth.
    ///
    /// English: ", on {day} {month} {year}"
    case codeEventDay

    /// {hour} and {minute} are two digits each; utc is yes when the code gives the time in UTC.
    ///
    /// English: ", on {day} {month} {year} at {hour}:{minute}{utc, select, yes { UTC} other {}}"
    case codeEventDayAndTime

    /// A calendar event's place, inside codeEvent's {details}, with its own separator. location: as the
    /// code writes it.
    ///
    /// English: ", at {location}"
    case codeEventLocation

    /// A month by its number, 1 to 12.
    ///
    /// English: "{month, select, 1 {January} 2 {February} 3 {March} 4 {April} 5 {May} 6 {June} 7 {July} 8 {August} 9 {September} 10 {October} 11 {November} 12 {December} other {{month}}}"
    case codeMonth

    /// A code that holds an email address. kind: the code's kind (codeFormat…); address: the address,
    /// spelled for speech.
    ///
    /// English: "{kind}: an email address, {address}."
    case codeEmail

    /// A code that holds a phone number. kind: the code's kind (codeFormat…); number: its digits,
    /// grouped.
    ///
    /// English: "{kind}: a phone number, {number}."
    case codePhone

    /// Any other text the code holds, its lines joined by commas; punctuated is yes when the text
    /// already ends in a punctuation mark, so no full stop is added.
    ///
    /// English: "{kind}: {text}{punctuated, select, yes {} other {.}}"
    case codeText

    /// Bytes for a machine rather than words for a person: only how many characters.
    ///
    /// English: "{kind} holding {count, plural, one {# character} other {# characters}}."
    case codeOpaque

    /// Said when no code could be read: what to try, never that there is no code.
    ///
    /// English: "No code recognised; hold the code closer or turn it."
    case codeNoneRead

    /// The code reader failed on a picture (not: found no code); its own words are kept for a developer,
    /// never said.
    ///
    /// English: "Could not look for codes in this picture; try again, and report it if it keeps happening."
    case codeSearchFailed

    /// Aiming at a code that is only glimpsed: the side of the picture it is on (left, right, top
    /// or bottom) and which way to move the camera.
    ///
    /// English: "{side, select, left {Code on the left. Move left.} right {Code on the right. Move right.} top {Code at the top. Move up.} other {Code at the bottom. Move down.}}"
    case codeAimSide

    /// Aiming at a code: it fills too much of the picture to be read; the camera should move back.
    ///
    /// English: "Too close. Move back a little."
    case codeAimTooClose

    /// The code is well placed but too small to read.
    ///
    /// English: "Closer."
    case codeAimCloser

    // MARK: Things the user taught

    /// teach NAME IMAGE…: photos: how many photos the thing was learned from; replaced: yes when
    /// something was taught by this name before and is now replaced.
    ///
    /// English: "{replaced, select, yes {Taught {name} from {photos, plural, one {# photo} other {# photos}}, replacing what was taught as {name} before.} other {Taught {name} from {photos, plural, one {# photo} other {# photos}}.}}"
    case teachDone

    /// A photo left out of teaching; the others are still used.
    ///
    /// English: "{path} shows too little detail to learn from (too plain, dark or blurred); it was left out."
    case teachPhotoFeatureless

    /// `sensecam teach`: none of the photos gave details to learn from, so nothing was kept. name: the
    /// thing's name.
    ///
    /// English: "Nothing was taught as {name}: no photo could be used; take 3 photos of it held up close, in good light, from slightly different sides."
    case teachNothingLearned

    /// `sensecam forget NAME`: the thing was deleted. name: its name.
    ///
    /// English: "Forgot {name}."
    case forgetDone

    /// names: the taught names as a list; count: how many there are.
    ///
    /// English: "Nothing is taught as {name}; {count, plural, =0 {nothing has been taught yet: use 'sensecam teach NAME IMAGE…'} one {the one thing taught is {names}} other {the things taught are {names}}}."
    case thingUnknown

    /// The last item of a list of names cut short: how many more there are ("a, b, c, d, e and 9,995 others").
    ///
    /// English: "{count, plural, one {one other} other {# others}}"
    case namesMore

    /// A taught thing's file cannot be read (damaged, or written by a newer version). path: the file;
    /// name: the thing.
    ///
    /// English: "{path} cannot be read as a taught thing (it is damaged, or from a newer sensecam); teach {name} again."
    case thingFileDamaged

    /// reason: a reason… phrase.
    ///
    /// English: "{path}, where {name} is kept, could not be read ({reason}); check its permissions, or teach {name} again."
    case thingFileUnreadable

    /// A thing's file sensecam will not read: problem: not_plain, not_yours or writable_by_others; forget: the name as a shell needs it typed.
    ///
    /// English: "{path} was not read for {name}: {problem, select, not_plain {it is not a plain file but a link, a folder or a pipe} not_yours {it belongs to another user} other {other users can change it}}; remove it with 'sensecam forget {forget}', then teach {name} again."
    case thingFileRefused

    /// The taught things' folder, refused: problem as for thingFileRefused; chmod: the folder as a shell needs it typed.
    ///
    /// English: "sensecam does not keep or read taught things in {folder}: {problem, select, not_plain {it is not a folder} not_yours {it belongs to another user} other {other users can change it}}; {problem, select, writable_by_others {make it yours alone with 'chmod 700 {chmod}'} other {set XDG_DATA_HOME to a folder of your own}}."
    case thingsFolderRefused

    /// reason: a reason… phrase (why the system refused).
    ///
    /// English: "The taught things in {folder} could not be changed ({reason}); check that the disk has room and the folder is writable."
    case thingsNotSaved

    /// reason: OpenCV's words.
    ///
    /// English: "Matching taught things failed ({reason}); try again, and report it if it happens again."
    case thingsFailed

    /// `sensecam teach` or `forget` with an empty name.
    ///
    /// English: "The thing's name is empty; give a name such as keys."
    case thingNameEmpty

    /// A thing's name that cannot be a file name (a slash, or a dot first). name: as given.
    ///
    /// English: "'{name}' cannot be a thing's name: it must not contain a slash or start with a dot; give a plain name such as keys."
    case thingNameNotAFileName

    /// name: as typed, its control characters shown as \x1B.
    ///
    /// English: "'{name}' cannot be a thing's name: it contains a control character such as a tab or an escape; give a plain name such as keys."
    case thingNameControlCharacter

    /// A thing's name with too many characters. count: its characters; limit: the most allowed.
    ///
    /// English: "The thing's name has {count} characters, more than the {limit} allowed; give a shorter name."
    case thingNameTooLong

    /// bytes: the name's length in UTF-8 bytes, which a file name is limited in.
    ///
    /// English: "The thing's name takes {bytes} bytes as a file name, more than the {limit} allowed (an emoji takes 4); give a shorter name."
    case thingNameTooManyBytes

    /// teach with a name that already means a kind sensecam finds, in any catalog language: name: as
    /// typed; kinds: the kind's noun for several ("people", "cell phones").
    ///
    /// English: "sensecam already knows '{name}': it finds {kinds} by itself; give yours another name, such as 'my bag'."
    case usageTeachKindName

    /// The one-line summary of `sensecam teach`, in its help (OVERVIEW) and in the man page.
    ///
    /// English: "Teach sensecam a thing of your own from a few photos of it."
    case helpTeach

    /// The longer text after the summary in `sensecam teach --help` and the man page: how to take the
    /// photos.
    ///
    /// English: "Hold the thing up close to the camera so it fills the middle of each photo, and take about 3 photos, turning it a little between them. Its details and colours are kept on this computer only, under $XDG_DATA_HOME/sensecam/things (else ~/.local/share/sensecam/things), and never sent anywhere. Teaching a name again replaces what was taught before. A photo that cannot be read or shows too little detail is left out, and the others are still used."
    case helpTeachDiscussion

    /// `sensecam teach --help`: what the argument NAME is.
    ///
    /// English: "What to call the thing, such as keys."
    case helpTeachName

    /// `sensecam teach --help`: what the arguments IMAGE… are.
    ///
    /// English: "Photos of the thing, about 3."
    case helpTeachImages

    /// The one-line summary of `sensecam forget`, in its help (OVERVIEW) and in the man page.
    ///
    /// English: "Delete a thing you taught."
    case helpForget

    /// The longer text after the summary in `sensecam forget --help` and the man page.
    ///
    /// English: "The thing's details are deleted from this computer."
    case helpForgetDiscussion

    /// `sensecam forget --help`: what the argument NAME is.
    ///
    /// English: "The name it was taught as."
    case helpForgetName

    // MARK: Products

    /// A product the products database knows; {details} are its brand, name and quantity (as
    /// productUnit… says it), those it has, joined by commas. The database may be wrong: hedged.
    ///
    /// English: "Probably: {details}."
    case productProbably

    /// `scan` or `products lookup`: the code is in the products database, which has no name for it. code:
    /// its digits.
    ///
    /// English: "Code {code} is in the products database, without a name."
    case productWithoutName

    /// {product} is productProbably's or productWithoutName's sentence; {allergens} the database's
    /// allergen names joined by commas.
    ///
    /// English: "{product} Allergens listed: {allergens}."
    case productAllergens

    /// {product} as in productAllergens, when the database lists no allergens: it was not told, which is
    /// not the same as a product without any.
    ///
    /// English: "{product} No allergen information."
    case productNoAllergenInformation

    /// Said right after the scanned code's own sentence, which has just said its number.
    ///
    /// English: "Not in the products database."
    case productNotInDatabase

    /// `scan` or `products lookup`: the code is not in the products database. code: its digits.
    ///
    /// English: "Code {code} is not in the products database."
    case productNotFound

    /// A multipack: "6 times 33 centilitres"; {quantity} is one productUnit… message.
    ///
    /// English: "{count} times {quantity}"
    case productQuantityTimes

    /// A quantity of a unit: {amount} as the package writes it (with the language's decimal mark),
    /// n its value, for the unit's plural form.
    ///
    /// English: "{amount} {n, plural, one {gram} other {grams}}"
    case productUnitGram

    /// A quantity in kilograms, as productUnitGram: amount as the package writes it; n its value, for the
    /// plural form.
    ///
    /// English: "{amount} {n, plural, one {kilogram} other {kilograms}}"
    case productUnitKilogram

    /// A quantity in milligrams, as productUnitGram: amount as the package writes it; n its value, for
    /// the plural form.
    ///
    /// English: "{amount} {n, plural, one {milligram} other {milligrams}}"
    case productUnitMilligram

    /// A quantity in millilitres, as productUnitGram: amount as the package writes it; n its value, for
    /// the plural form.
    ///
    /// English: "{amount} {n, plural, one {millilitre} other {millilitres}}"
    case productUnitMillilitre

    /// A quantity in centilitres, as productUnitGram: amount as the package writes it; n its value, for
    /// the plural form.
    ///
    /// English: "{amount} {n, plural, one {centilitre} other {centilitres}}"
    case productUnitCentilitre

    /// A quantity in decilitres, as productUnitGram: amount as the package writes it; n its value, for
    /// the plural form.
    ///
    /// English: "{amount} {n, plural, one {decilitre} other {decilitres}}"
    case productUnitDecilitre

    /// A quantity in litres, as productUnitGram: amount as the package writes it; n its value, for the
    /// plural form.
    ///
    /// English: "{amount} {n, plural, one {litre} other {litres}}"
    case productUnitLitre

    /// A quantity in US fluid ounces, as productUnitGram: amount as the package writes it; n its value,
    /// for the plural form.
    ///
    /// English: "{amount} {n, plural, one {fluid ounce} other {fluid ounces}}"
    case productUnitFluidOunce

    /// A quantity in ounces (weight), as productUnitGram: amount as the package writes it; n its value,
    /// for the plural form.
    ///
    /// English: "{amount} {n, plural, one {ounce} other {ounces}}"
    case productUnitOunce

    /// A quantity in pounds (weight), as productUnitGram: amount as the package writes it; n its value,
    /// for the plural form.
    ///
    /// English: "{amount} {n, plural, one {pound} other {pounds}}"
    case productUnitPound

    /// `scan` or `products lookup` with no products database built yet. path: where it was looked for.
    ///
    /// English: "There is no products database at {path}; build one with 'sensecam products import FILE' from an Open Food Facts export."
    case productDatabaseMissing

    /// The products database file is some other file (not one `products import` built). path: the file.
    ///
    /// English: "{path} is not a sensecam products database; choose another with --products-db, or build one with 'sensecam products import FILE'."
    case productDatabaseWrongFile

    /// The products database could not be read because it is damaged. path: the file.
    ///
    /// English: "The products database {path} is damaged, so no product could be looked up; build it again with 'sensecam products import FILE'."
    case productDatabaseDamaged

    /// The products database's folder could not be created. path: the database file; folder: its folder.
    ///
    /// English: "The products database {path} could not be used (its folder {folder} cannot be made); check that the disk has room and the file is readable and writable."
    case productDatabaseFolderNotMade

    /// SQLite failed on a products database that is otherwise fine. path: the file; reason: an SQLite
    /// reason… phrase (SQLiteReason), why.
    ///
    /// English: "The products database {path} could not be used ({reason}); check that the disk has room and the file is readable and writable."
    case productDatabaseFailed

    /// `sensecam products import FILE`: the file cannot be read. path: the file as given.
    ///
    /// English: "Cannot read {path}; check that it exists and is a file."
    case productImportUnreadable

    /// `sensecam products import FILE`: the file is neither of Open Food Facts' export formats. path: the
    /// file as given.
    ///
    /// English: "{path} is not an Open Food Facts export: its first line is neither a tab-separated header with a code column nor a JSON product; download the CSV or JSON Lines export from world.openfoodfacts.org/data."
    case productImportNotAnExport

    // MARK: Places

    /// The place a summary guesses from the objects in view (`aware IMAGE --summary`, the d key), with the
    /// light and the object that most points to it: "Probably a kitchen, bright, with a refrigerator at
    /// 10 o'clock." band: probably or possibly, by how strong the evidence is; place: kitchen, bedroom,
    /// bathroom, livingRoom, office or street; light: dark, dim, moderate or bright; objects: the object
    /// with its article ("a refrigerator"); where: objectsPlaceAt ("at 10 o'clock").
    ///
    /// English: "{band, select, probably {Probably} other {Possibly}} {place, select, kitchen {a kitchen} bedroom {a bedroom} bathroom {a bathroom} livingRoom {a living room} office {an office} other {a street}}, {light, select, dark {dark} dim {dim} moderate {moderately lit} other {bright}}, with {objects} {where}."
    case placeSentence

    /// As placeSentence when the objects behind the guess were too faint to name: "Possibly a street, bright."
    ///
    /// English: "{band, select, probably {Probably} other {Possibly}} {place, select, kitchen {a kitchen} bedroom {a bedroom} bathroom {a bathroom} livingRoom {a living room} office {an office} other {a street}}, {light, select, dark {dark} dim {dim} moderate {moderately lit} other {bright}}."
    case placeSentenceWithoutObject

    /// The help line of `aware --summary`, in `sensecam aware --help` and the man page.
    ///
    /// English: "Sum the image up as the d key does on the camera: first a hedged guess of the place (a kitchen, bedroom, bathroom, living room, office or street) and its light, then everything in view, then any signs."
    case helpAwareSummary

    /// A usage error: --summary was given without an image (with the camera or a video). option: the
    /// option as typed.
    ///
    /// English: "'{option}' sums up one image: give an image, or press d while the camera runs."
    case usageSummaryNeedsImage

    // MARK: Light and colour

    /// How much light there is: band is dark, dim, moderate or bright.
    ///
    /// English: "{band, select, dark {Dark.} dim {Dim light.} moderate {Moderate light.} other {Bright light.}}"
    case lightLevel

    /// The light, and the side of the view it mostly comes from: band is dim, moderate or bright;
    /// side is left, right, above or below.
    ///
    /// English: "{band, select, dim {Dim light} moderate {Moderate light} other {Bright light}}, mostly {side, select, left {from the left} right {from the right} above {from above} other {from below}}."
    case lightLevelFrom

    /// The colour at the centre of the view, alone ({colour} is one of the colour… names below);
    /// the sentence's first letter is made a capital.
    ///
    /// English: "{colour}."
    case colourAlone

    /// A main colour and a second one that covers a good part of the centre.
    ///
    /// English: "Mostly {colour}, with {second}."
    case colourMostlyWith

    /// No colour covers half of the centre.
    ///
    /// English: "Mixed colours, mostly {colour}."
    case colourMixed

    /// `sensecam colour` or colour mode: the picture is too dark for its colour to be named.
    ///
    /// English: "Too dark to tell the colour."
    case colourTooDark

    /// The thirty-one everyday colour names, as they stand inside the sentences above.
    ///
    /// English: "black"
    case colourBlack

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: white.
    ///
    /// English: "white"
    case colourWhite

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark grey.
    ///
    /// English: "dark grey"
    case colourDarkGrey

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: grey.
    ///
    /// English: "grey"
    case colourGrey

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light grey.
    ///
    /// English: "light grey"
    case colourLightGrey

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: red.
    ///
    /// English: "red"
    case colourRed

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark red.
    ///
    /// English: "dark red"
    case colourDarkRed

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: pink.
    ///
    /// English: "pink"
    case colourPink

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light pink.
    ///
    /// English: "light pink"
    case colourLightPink

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark pink.
    ///
    /// English: "dark pink"
    case colourDarkPink

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: orange.
    ///
    /// English: "orange"
    case colourOrange

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light orange.
    ///
    /// English: "light orange"
    case colourLightOrange

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: brown.
    ///
    /// English: "brown"
    case colourBrown

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark brown.
    ///
    /// English: "dark brown"
    case colourDarkBrown

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light brown.
    ///
    /// English: "light brown"
    case colourLightBrown

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: beige.
    ///
    /// English: "beige"
    case colourBeige

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: yellow.
    ///
    /// English: "yellow"
    case colourYellow

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light yellow.
    ///
    /// English: "light yellow"
    case colourLightYellow

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark yellow.
    ///
    /// English: "dark yellow"
    case colourDarkYellow

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: olive.
    ///
    /// English: "olive"
    case colourOlive

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: green.
    ///
    /// English: "green"
    case colourGreen

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light green.
    ///
    /// English: "light green"
    case colourLightGreen

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark green.
    ///
    /// English: "dark green"
    case colourDarkGreen

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: teal, a dark blue-green.
    ///
    /// English: "teal"
    case colourTeal

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: turquoise, a light blue-green.
    ///
    /// English: "turquoise"
    case colourTurquoise

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: blue.
    ///
    /// English: "blue"
    case colourBlue

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light blue.
    ///
    /// English: "light blue"
    case colourLightBlue

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark blue.
    ///
    /// English: "dark blue"
    case colourDarkBlue

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: purple.
    ///
    /// English: "purple"
    case colourPurple

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: light purple.
    ///
    /// English: "light purple"
    case colourLightPurple

    /// One of the thirty-one colour names, as it stands inside colourAlone, colourMostlyWith and
    /// colourMixed: dark purple.
    ///
    /// English: "dark purple"
    case colourDarkPurple

    // MARK: Page framing, quality and text engines

    /// Guidance while a page is held up to the camera, said only when it has held for a moment.
    ///
    /// English: "Too dark."
    case framingTooDark

    /// Guidance while a page is framed for reading: the picture is overexposed (glare, a lamp behind the
    /// page).
    ///
    /// English: "Too bright."
    case framingTooBright

    /// Guidance while a page is framed for reading: no page can be seen in the picture.
    ///
    /// English: "No page in view."
    case framingNoPage

    /// The page is too small in the picture to read.
    ///
    /// English: "Move closer."
    case framingMoveCloser

    /// Guidance while a page is framed for reading: the page is in view but the picture is blurred by
    /// movement.
    ///
    /// English: "Hold steady."
    case framingHoldSteady

    /// One edge of the page runs out of the picture (top, right, bottom or left, as the user holds
    /// the page), and which way to move the camera to bring it in.
    ///
    /// English: "{edge, select, top {Top edge is cut off. Move the camera up.} right {Right edge is cut off. Move the camera right.} bottom {Bottom edge is cut off. Move the camera down.} other {Left edge is cut off. Move the camera left.}}"
    case framingEdgeCutOff

    /// Two neighbouring edges run out of the picture: both moves.
    ///
    /// English: "{edges, select, top-right {Top and right edges are cut off. Move the camera up and right.} top-left {Top and left edges are cut off. Move the camera up and left.} right-bottom {Right and bottom edges are cut off. Move the camera right and down.} other {Bottom and left edges are cut off. Move the camera down and left.}}"
    case framingCornerCutOff

    /// An edge of the page, inside framingEdgesCutOffMoveBack.
    ///
    /// English: "{edge, select, top {top} right {right} bottom {bottom} other {left}}"
    case framingEdge

    /// Opposite edges, or three or four, run out of the picture: the page is larger than the view.
    /// {edges} is a list of framingEdge; the sentence's first letter is made a capital.
    ///
    /// English: "{edges} edges are cut off. Move the camera back."
    case framingEdgesCutOffMoveBack

    /// A page is in view and steady: its lines follow.
    ///
    /// English: "Page found. Reading."
    case pageFoundReading

    /// {language} is Tesseract's code for the language ("deu"), {directory} where its data was sought.
    ///
    /// English: "Tesseract's language data for '{language}' is missing from {directory}; install it with 'sudo apt install tesseract-ocr-{language}' or set TESSDATA_PREFIX to the folder that has {language}.traineddata."
    case ocrLanguageMissing

    /// Tesseract started but failed on a picture; its own words are kept for a developer, never said.
    ///
    /// English: "Tesseract failed; try again, and report it if it keeps happening."
    case ocrEngineFailed

    /// The scene-text engine's model file is missing. file: its file name.
    ///
    /// English: "The scene-text model {file} was not found; run 'make setup' to fetch it."
    case sceneTextModelMissing

    /// The scene-text engine's model file could not be loaded. path: the file.
    ///
    /// English: "The scene-text model {path} is damaged or not the expected model; run 'make setup' to fetch it again."
    case sceneTextModelDamaged

    /// A scene-text network failed on a picture; its own words are kept for a developer, never said.
    ///
    /// English: "Reading scene text failed; try again, and report it if it keeps happening."
    case sceneTextFailed

    /// Said instead of a picture's lines when it is too blurred to read them, and before the lines
    /// when some could be read all the same.
    ///
    /// English: "The picture is blurred: hold the camera still and try again."
    case pictureBlurred

    /// Said of a picture too dark to read well, instead of its lines or before them.
    ///
    /// English: "Too dark to read well: add light."
    case pictureTooDark

    /// Said once before a page's lines when it was upside down or on its side in the picture and was
    /// turned upright to be read. turn: upside-down or sideways.
    ///
    /// English: "{turn, select, upside-down {The page was upside down; reading it turned.} other {The page was on its side; reading it turned.}}"
    case pageTurned

    /// Said once before the lines of a reading in a language other than the listener's, which are then
    /// spoken in that language's voice. reading: page (a page read by Tesseract) or text (text in view read
    /// by the scene engine); language: the text's, de, fr or es; other is English.
    ///
    /// English: "{reading, select, page {{language, select, de {Read as a German page.} fr {Read as a French page.} es {Read as a Spanish page.} other {Read as an English page.}}} other {{language, select, de {Read as German text.} fr {Read as French text.} es {Read as Spanish text.} other {Read as English text.}}}}"
    case readingLanguage

    // MARK: Cameras

    /// {path} is the camera's device ("/dev/video0"); {available} the cameras that do exist.
    ///
    /// English: "Camera {path} does not exist, and no other camera was found; plug one in and try again."
    case cameraNotFoundNoOther

    /// The camera asked for (--camera) does not exist, and others do. path: the device asked for;
    /// available: the others, as a list.
    ///
    /// English: "Camera {path} does not exist; the cameras here are {available}."
    case cameraNotFound

    /// No camera is plugged in, and neither an image nor --video was given.
    ///
    /// English: "No camera found; plug one in, or name a recording with --video."
    case cameraNone

    /// As cameraNone, for a mode that also reads a still image: example: a command that does, such as
    /// sensecam read page.png.
    ///
    /// English: "No camera found; plug one in, or name an image, as in '{example}', or a recording with --video."
    case cameraNoneNameAnImage

    /// The camera is in use by another program. path: its device, such as /dev/video0.
    ///
    /// English: "Camera {path} is busy; another program is using it."
    case cameraBusy

    /// The user may not open the camera (not in the video group). path: its device. The command stays as
    /// it is.
    ///
    /// English: "Permission denied for camera {path}; add yourself to the video group with 'sudo usermod -aG video $USER', then log in again."
    case cameraPermissionDenied

    /// The device named is not a camera that captures pictures (a metadata node, say). path: the device.
    ///
    /// English: "{path} is not a camera that captures pictures; 'sensecam devices' lists the cameras."
    case cameraNotACamera

    /// {formats} are the picture formats' names (MJPEG, YUYV), joined by commas.
    ///
    /// English: "Camera {path} offers no picture format sensecam can read (it offers {formats})."
    case cameraNoUsableFormat

    /// The camera went away (unplugged) while sensecam was using it. path: its device.
    ///
    /// English: "Camera {path} was disconnected."
    case cameraWasDisconnected

    /// A camera's driver call failed. path: the device; operation: the call's name (open,
    /// VIDIOC_STREAMON); error: a reason… phrase (SystemReason), why.
    ///
    /// English: "Camera {path} failed in {operation}: {error}."
    case cameraFailed

    /// Said while the camera runs: it sends pictures again after a stall.
    ///
    /// English: "The camera is sending pictures again."
    case cameraSendingAgain

    /// Said in a live session when no picture has come from the camera for a while. seconds: how long.
    ///
    /// English: "No picture from the camera for {seconds, plural, one {{seconds, spellout} second} other {{seconds, spellout} seconds}}."
    case cameraStalled

    /// Said in a live session when some frames arrived damaged and were skipped (often a loose cable).
    ///
    /// English: "Some camera frames are damaged and were skipped; check the cable."
    case cameraFramesDamaged

    /// The camera was unplugged; it is looked for again until it comes back.
    ///
    /// English: "Camera disconnected. Waiting for it."
    case cameraDisconnected

    /// Said in a live session when the camera stopped delivering and is being opened again.
    ///
    /// English: "The camera stopped working; restarting it."
    case cameraRestarting

    /// Said in a live session when the camera works again, after cameraRestarting or an unplugging.
    ///
    /// English: "Camera reconnected."
    case cameraReconnected

    /// A camera that takes any picture size in a range; {minimum} and {maximum} are sizes ("48x32").
    ///
    /// English: "any size from {minimum} to {maximum}"
    case cameraAnySize

    // MARK: Image, video and model files

    /// The detector model file is missing. path: where it was looked for.
    ///
    /// English: "The detector model {path} was not found; check the --model path, or run 'make setup' to fetch the model."
    case modelNotFound

    /// {searched} lists the places looked in, joined by commas.
    ///
    /// English: "The detector model {file} was not found (looked in {searched}); run 'make setup' to fetch it, or name it with --model."
    case modelNotFoundAnywhere

    /// The detector model file cannot be loaded as an ONNX model. path: the file.
    ///
    /// English: "The detector model {path} is damaged or not an ONNX model; run 'make setup' to fetch it again."
    case modelDamaged

    /// The detector model ran but did not give YOLOX-Nano's output. path: the model file. The inference
    /// library's words are kept for a developer, never said.
    ///
    /// English: "The detector model {path} is not YOLOX-Nano; run 'make setup' to fetch the right one."
    case modelNotYOLOX

    /// The network's output has another shape than YOLOX-Nano's.
    ///
    /// English: "The detector model {path} is not YOLOX-Nano (it gives {rows} by {columns} values, not {expectedRows} by {expectedColumns}); run 'make setup' to fetch the right one."
    case modelWrongShape

    /// An image or video named on the command line that is not there.
    ///
    /// English: "{path} does not exist; check the path."
    case fileNotFound

    /// A folder given where an image was expected. path: as given.
    ///
    /// English: "{path} is a folder, not an image; use 'sensecam batch' for folders."
    case imageIsFolder

    /// An image file the system would not let sensecam read. path: the file; reason: a reason… phrase
    /// (SystemReason), why.
    ///
    /// English: "{path} cannot be read ({reason}); check its permissions."
    case imageUnreadable

    /// A folder whose entries cannot be listed (its permissions), in a batch. path: the folder.
    ///
    /// English: "{path} cannot be read (it cannot be listed); check its permissions."
    case imageFolderUnlistable

    /// An image file with no bytes. path: the file.
    ///
    /// English: "{path} is empty; use a complete image file."
    case imageEmpty

    /// An image file that ends before its picture does. path: the file.
    ///
    /// English: "{path} is cut short, so part of the picture is missing; copy or save the file again."
    case imageTruncated

    /// An image file whose data is damaged partway. path: the file.
    ///
    /// English: "{path} is damaged, so part of the picture would be garbage; copy or save the file again."
    case imageDamaged

    /// A file that is not an image in a format the tool reads, or damaged from the start. path: the file.
    ///
    /// English: "{path} could not be decoded: it is damaged or not a JPEG, PNG, TIFF, BMP, WebP or PNM image; save it again in one of those formats."
    case imageUndecodable

    /// An image too small to see anything in. path: the file; width, height: its size in pixels; minimum:
    /// the smallest side allowed.
    ///
    /// English: "{path} is only {width} by {height} pixels, too small to see anything in; use an image at least {minimum} pixels on each side."
    case imageTooSmall

    /// kind: what the entry is instead of a file (directory, symbolicLink, namedPipe, socket; other: a device).
    ///
    /// English: "{path} is {kind, select, regular {a file} directory {a folder} symbolicLink {a symbolic link} namedPipe {a named pipe} socket {a socket} other {a device}}, not an image file; use a regular file."
    case imageNotRegularFile

    /// {size} is imagePixels or imagePixelsTenths; {limit} whole megapixels (--max-megapixels).
    ///
    /// English: "{path} is {size}, over the {limit}-megapixel limit, so it was not decoded; shrink it, or raise the limit with --max-megapixels."
    case imageTooManyPixels

    /// {megabytes} is the file's size in whole megabytes.
    ///
    /// English: "{path} is {megabytes} MB, more than an image under the {limit}-megapixel limit can need, so it was not read; shrink it, or raise the limit with --max-megapixels."
    case imageFileTooLarge

    /// A picture's size, from 10 megapixels on in whole megapixels.
    ///
    /// English: "{width} by {height} pixels ({megapixels} megapixels)"
    case imagePixels

    /// A picture's size below 10 megapixels, to a tenth: {whole} megapixels and {tenth} tenths, the
    /// tenth always said ("2.0").
    ///
    /// English: "{width} by {height} pixels ({whole}.{tenth} megapixels)"
    case imagePixelsTenths

    /// A decoded picture could not be shrunk to measure its light and colours: memory ran short, in
    /// practice.
    ///
    /// English: "The picture could not be measured; close other programs and try again."
    case imageNotMeasured

    /// A video file that cannot be opened or is not a video. path: the file.
    ///
    /// English: "{path} could not be opened as a video; use a file FFmpeg can play, such as MP4, MKV or WebM."
    case videoUnreadable

    /// {size} is imagePixels or imagePixelsTenths.
    ///
    /// English: "{path} is a video whose frames are {size}, over the {limit}-megapixel limit, so it was not decoded; shrink it, or raise the limit with --max-megapixels."
    case videoTooManyPixels

    /// Where the video broke off: {whole} seconds and {tenth} tenths. stopped is narration (said
    /// while narrating) or records (in a batch's error record).
    ///
    /// English: "The video {path} is damaged after {whole}.{tenth} seconds; {stopped, select, records {its records stop there} other {narration stopped there}}."
    case videoDamaged

    // MARK: Batches, merges and progress

    /// Said once when a batch ends. {inputs} is batchImageCount, batchVideoCount, or both as a list;
    /// {reasons} a list of batchPassedOver… (passedOver is none when there are none). Counts have
    /// their thousands grouped.
    ///
    /// English: "Batch complete. {inputs}{failed, plural, =0 {} other {, {failed, number} could not be read}}{skipped, plural, =0 {} one {, {skipped, number} other file skipped} other {, {skipped, number} other files skipped}}{resumed, plural, =0 {} other {, {resumed, number} kept from the earlier run}}{passedOver, select, none {} other {, passed over {reasons}}}."
    case batchComplete

    /// A number of images, inside batchComplete's {inputs}. count: how many.
    ///
    /// English: "{count, plural, one {{count, number} image} other {{count, number} images}}"
    case batchImageCount

    /// Videos, and the frame records written for them.
    ///
    /// English: "{count, plural, one {{count, number} video} other {{count, number} videos}} ({frames, plural, one {{frames, number} frame} other {{frames, number} frames}})"
    case batchVideoCount

    /// Said when Ctrl-C stops a batch: resume is yes when its records go to a file (--out), which
    /// --resume can go on from.
    ///
    /// English: "{resume, select, yes {Stopped; to go on from here, run the same command with --resume.} other {Stopped.}}"
    case batchStopped

    /// A number of named pipes, sockets or devices a batch did not open, inside batchComplete's
    /// {reasons}. count: how many.
    ///
    /// English: "{count, plural, one {{count, number} named pipe or other special file} other {{count, number} named pipes or other special files}}"
    case batchPassedOverSpecialFiles

    /// A number of symbolic links that lead nowhere or in a loop, inside batchComplete's {reasons}.
    /// count: how many.
    ///
    /// English: "{count, plural, one {{count, number} broken or looping link} other {{count, number} broken or looping links}}"
    case batchPassedOverBrokenLinks

    /// A number of symbolic links to folders a batch did not follow, inside batchComplete's {reasons}.
    /// count: how many.
    ///
    /// English: "{count, plural, one {{count, number} link to a folder} other {{count, number} links to folders}}"
    case batchPassedOverFolderLinks

    /// A number of folder entries a batch could not open, inside batchComplete's {reasons}. count: how
    /// many.
    ///
    /// English: "{count, plural, one {{count, number} entry that could not be opened} other {{count, number} entries that could not be opened}}"
    case batchPassedOverUnreadable

    /// A number of hidden files and folders (names starting with a dot) a batch left out, inside
    /// batchComplete's {reasons}. count: how many.
    ///
    /// English: "{count, plural, one {{count, number} hidden file or folder} other {{count, number} hidden files or folders}}"
    case batchPassedOverHidden

    /// What --include and --exclude take; completes a usage error's "must be …".
    ///
    /// English: "a shell pattern such as '*.jpg' or '2024/*', with every '[' closed by ']'"
    case batchPatternExpected

    /// What --shard takes; completes "must be …".
    ///
    /// English: "K/N, two whole numbers with K from 1 to N, such as 2/4"
    case batchShardExpected

    /// {text} is what was typed; {expected} is batchShardExpected.
    ///
    /// English: "'{text}' is not a shard; a shard must be {expected}."
    case batchShardInvalid

    /// `batch --resume`: the --out file holds something other than sensecam's records. path: the file;
    /// line: the first bad line.
    ///
    /// English: "{path} is not JSON Lines written by sensecam batch (line {line} is not a record with a \"source\"), so it cannot be resumed; choose another --out file."
    case batchResumeNotRecords

    /// `batch --resume`: the --out file could not be read. path: the file; reason: a reason… phrase
    /// (SystemReason), why.
    ///
    /// English: "{path} could not be read to resume the batch ({reason}); check its permissions."
    case batchResumeUnreadable

    /// `batch --resume`: the --out file's cut-off last line could not be removed. path: the file; reason:
    /// reasonX, why.
    ///
    /// English: "{path} could not be repaired to resume the batch ({reason}); check that it and its folder are writable."
    case batchResumeUnwritable

    /// Two files of a sharded batch hold different records for the same input; {record} is the
    /// input's path, or mergeFrameOf for a video's frame.
    ///
    /// English: "{earlierFile} line {earlierLine} and {file} line {line} hold different records for {record}; remove the wrong one and merge again."
    case mergeDifferentRecords

    /// A video frame's record, inside the merge messages' {record}: "clip.mp4 frame 120". source: the
    /// video; frame: its number.
    ///
    /// English: "{source} frame {frame}"
    case mergeFrameOf

    /// `sensecam merge`: a video's frame records are there but its end record is in no file. file: the
    /// file; source: the video.
    ///
    /// English: "{file} has frame records of {source} but no file has its end record, so that video was not finished; run the batch that wrote it again with --resume."
    case mergeVideoUnfinished

    /// `sensecam merge`: a line that is not a whole JSON record. file: the file; line: the line number.
    ///
    /// English: "{file} line {line} is not a complete JSON record; the batch that wrote it may have been stopped, so run it again."
    case mergeNotJSON

    /// `sensecam merge`: a record with no "source" field. file: the file; line: the line number. "source"
    /// stays as it is.
    ///
    /// English: "{file} line {line} has no \"source\", so it is not a record written by sensecam batch."
    case mergeNoSource

    /// `sensecam merge`: a record whose "frame" is not a whole number. file, line: where. "frame" stays
    /// as it is.
    ///
    /// English: "{file} line {line} has a \"frame\" that is not a whole number."
    case mergeFrameNotWhole

    /// What a long run counts, in the form for {count} of them: unit is image, file (images and
    /// videos) or megabyte (of a file being imported).
    ///
    /// English: "{unit, select, image {{count, plural, one {image} other {images}}} file {{count, plural, one {file} other {files}}} other {{count, plural, one {megabyte} other {megabytes}}}}"
    case progressUnit

    /// Said at each tenth of a long run (for a screen reader); {noun} is progressUnit.
    ///
    /// English: "{percent} percent: {done} of {total} {noun}"
    case progressLine

    /// {left} is progressAboutSeconds, progressAboutMinutes or progressAboutHours.
    ///
    /// English: "{percent} percent: {done} of {total} {noun}, {left} left"
    case progressLineTimeLeft

    /// The line redrawn in place on a terminal, where space is short.
    ///
    /// English: "{done}/{total} {noun}"
    case progressRedrawn

    /// {rate} items a second; {left} is one of the progressAbout…Short messages.
    ///
    /// English: "{done}/{total} {noun}, {rate} per second, {left} left"
    case progressRedrawnRate

    /// The time a batch still needs, in the progress line (progressLineTimeLeft): count seconds.
    ///
    /// English: "about {count, plural, one {# second} other {# seconds}}"
    case progressAboutSeconds

    /// The time a batch still needs, in the progress line (progressLineTimeLeft): count minutes.
    ///
    /// English: "{count, plural, one {about a minute} other {about # minutes}}"
    case progressAboutMinutes

    /// The time a batch still needs, in the progress line (progressLineTimeLeft): count hours.
    ///
    /// English: "{count, plural, one {about an hour} other {about # hours}}"
    case progressAboutHours

    /// As progressAboutSeconds, in the line redrawn in place on a terminal (progressRedrawnRate): count
    /// seconds.
    ///
    /// English: "about {count} s"
    case progressAboutSecondsShort

    /// As progressAboutMinutes, in the line redrawn in place on a terminal (progressRedrawnRate): count
    /// minutes.
    ///
    /// English: "about {count} min"
    case progressAboutMinutesShort

    /// As progressAboutHours, in the line redrawn in place on a terminal (progressRedrawnRate): count
    /// hours.
    ///
    /// English: "about {count} h"
    case progressAboutHoursShort

    // MARK: Benchmarks

    /// The developer benchmarks' own help (bench/).
    ///
    /// English: "Time a live awareness session on the injected camera: latency against the detector's forward pass, drops, memory."
    case benchToolLive

    /// The one-line summary of the soak tool's help (`make soak`, a developer's tool).
    ///
    /// English: "Run awareness with speech on the injected camera for a long time, sampling memory, descriptors and threads."
    case benchToolSoak

    /// The one-line summary of the products benchmark's help (`make bench-products`, a developer's tool).
    ///
    /// English: "Time imports of generated Open Food Facts exports and lookups in the products database."
    case benchToolProducts

    /// The live benchmark's --frames option in its help (`make bench-live`).
    ///
    /// English: "Stop after this many frames."
    case benchToolFrames

    /// The soak's --minutes option in its help (`make soak`); $MINUTES stays as it is.
    ///
    /// English: "How long to run, in minutes. (default: $MINUTES, else 60)"
    case benchToolMinutes

    /// The --recording option of the live benchmark and the soak, in their help; the path stays as it is.
    ///
    /// English: "The video the injected camera serves. (default: video/scenes-coco.mp4 of the shared data)"
    case benchToolRecording

    /// The products benchmark's --rows option in its help (`make bench-products`).
    ///
    /// English: "How many rows each generated export holds."
    case benchToolRows

    /// The products benchmark's --lookups option in its help (`make bench-products`).
    ///
    /// English: "How many random codes to look up in this process."
    case benchToolLookups

    /// The products benchmark's --command-lookups option in its help; 'sensecam products lookup' stays as
    /// it is.
    ///
    /// English: "How many whole 'sensecam products lookup' runs to time."
    case benchToolCommandLookups

    /// The soak's failure when narration would fall back to espeak-ng: it measures speech-dispatcher
    /// only.
    ///
    /// English: "The soak speaks through its own speech-dispatcher only."
    case benchToolSpeechOnly

    /// What a live run or a recording did (--stats, SIGUSR1, benchmarks): frames counted.
    ///
    /// English: "Frames: {captured} captured, {processed} processed, {dropped} dropped, {damaged} damaged."
    case statsFrames

    /// {counts} is statsFrames' sentence; then latencies in whole milliseconds. toNarration and
    /// processing are yes when those figures are known.
    ///
    /// English: "{counts} Latency from capture: median {median} ms, 95th percentile {p95} ms{toNarration, select, yes {; to narration: median {eventMedian} ms, 95th percentile {eventP95} ms} other {}}{processing, select, yes {; processing median {stageMedian} ms} other {}}."
    case statsLatency

    /// The pipeline's steps, as a benchmark and its chart name them.
    ///
    /// English: "decode"
    case benchStepDecode

    /// A step of the pipeline, as a benchmark and its chart name it: preparing a picture for the
    /// detector.
    ///
    /// English: "preprocess"
    case benchStepPreprocess

    /// A step of the pipeline, as a benchmark and its chart name it: the detector network's run.
    ///
    /// English: "inference"
    case benchStepInference

    /// A step of the pipeline, as a benchmark and its chart name it: turning the network's output into
    /// detections.
    ///
    /// English: "postprocess"
    case benchStepPostprocess

    /// A step of the pipeline, as a benchmark and its chart name it: finding the page in a picture (read
    /// mode).
    ///
    /// English: "page finding"
    case benchStepPageFinding

    /// A step of the pipeline, as a benchmark and its chart name it: reading the text (OCR).
    ///
    /// English: "OCR"
    case benchStepOCR

    /// A step of the pipeline, as a benchmark and its chart name it: following objects from frame to
    /// frame.
    ///
    /// English: "tracking"
    case benchStepTracking

    /// A step of the pipeline, as a benchmark and its chart name it: wording what is seen.
    ///
    /// English: "narration"
    case benchStepNarration

    /// The whole time from a frame's capture to its narration, as the benchmark's chart names it beside
    /// the steps.
    ///
    /// English: "end to end"
    case benchEndToEnd

    /// A time in milliseconds; {value} has its digits already ("38.2", "0.35").
    ///
    /// English: "{value} ms"
    case benchMilliseconds

    /// {mode} is the mode's name as typed (aware, read); clock is realtime or every-frame.
    ///
    /// English: "Benchmark of {video} in {mode} mode, {clock, select, realtime {keeping up with the video's pace} other {every frame}}: {read} frames read, {processed} processed, {dropped} dropped."
    case benchRun

    /// Figures with their decimals already ("25.0", "2.50").
    ///
    /// English: "Throughput: {fps} frames a second, {factor} times real time, over {wall} seconds after {setup} seconds of setup."
    case benchThroughput

    /// Each is benchMilliseconds.
    ///
    /// English: "End-to-end latency: median {median}, 95th percentile {p95}, 99th percentile {p99}."
    case benchEndToEndLatency

    /// One step and its median time, inside benchStepMedians.
    ///
    /// English: "{step} {time}"
    case benchStepTime

    /// {steps} are benchStepTime items joined by commas.
    ///
    /// English: "Median time per step, over the frames where it ran: {steps}."
    case benchStepMedians

    /// `sensecam bench`: when the first sentence about the scene came. wall: seconds of run time; stream:
    /// seconds into the video.
    ///
    /// English: "First narration after {wall} seconds, at {stream} seconds of video."
    case benchFirstNarration

    /// `sensecam bench`: no sentence about the scene came in the whole run.
    ///
    /// English: "Nothing about the scene was narrated."
    case benchNothingNarrated

    /// {memory} in MiB.
    ///
    /// English: "CPU use: {cpu} cores busy on average, of {cores}; peak memory {memory} MiB."
    case benchCPU

    /// {cpu} is the processor's model name; {version} sensecam's version.
    ///
    /// English: "Machine: {cores} cores, {cpu}; sensecam {version}."
    case benchMachine

    /// The network alone at one input size: forward passes in milliseconds. fast is yes when the
    /// fast layers ran, otherwise {layers} names the layers used.
    ///
    /// English: "Input {size}: {median} ms a forward (median of {forwards}; p90 {p90}), {threads, plural, one {# thread} other {# threads}}{fast, select, yes {} other {, {layers} layers}}."
    case benchModelSize

    /// The picture the network ran on: synthetic is yes for a generated one, else {image} is its file.
    ///
    /// English: "{synthetic, select, yes {a synthetic {width}x{height} picture} other {{image} ({width}x{height})}}"
    case benchModelPicture

    /// {picture} is benchModelPicture.
    ///
    /// English: "Model {model} on {picture}, after {warmUp} warm-up passes a size; machine: {cores} cores, {cpu}; sensecam {version}."
    case benchModelRun

    /// The figures two benchmark runs are compared by: throughput, latencyMedian, latency95 or peakMemory.
    ///
    /// English: "{figure, select, throughput {Throughput} latencyMedian {End-to-end latency, median} latency95 {End-to-end latency, 95th percentile} other {Peak memory}}"
    case benchFigure

    /// This run's and the other run's values of a figure, with its unit.
    ///
    /// English: "{figure, select, throughput {{this} vs {other} frames a second} peakMemory {{this} vs {other} MiB} other {{this} vs {other} ms}}"
    case benchFigureValues

    /// {name} is benchFigure, {values} benchFigureValues; {ratio} this run's value over the other's.
    ///
    /// English: "{name}: {ratio} times the other run ({values})."
    case benchCompareRatio

    /// `bench --compare`: a figure the earlier report lacks, so no ratio. name: benchFigure; values:
    /// benchFigureValues.
    ///
    /// English: "{name}: no ratio, the other run measured none ({values})."
    case benchCompareNoRatio

    /// What the other run did differently, inside benchCompareDifferentWork.
    ///
    /// English: "video {video}"
    case benchCompareOtherVideo

    /// Inside benchCompareDifferentWork: the other run was in another mode. mode: its name as typed
    /// (aware, read, scan).
    ///
    /// English: "{mode} mode"
    case benchCompareOtherMode

    /// {clock} is the clock's name as typed (realtime, every-frame).
    ///
    /// English: "the {clock} clock"
    case benchCompareOtherClock

    /// {used} are the benchCompareOther… phrases, joined in pairs by listTwo.
    ///
    /// English: "The other run used {used}, so the ratios compare different work."
    case benchCompareDifferentWork

    /// The chart's title; clock is realtime or every-frame.
    ///
    /// English: "sensecam bench: {video}, {mode} mode, {clock, select, realtime {real time} other {every frame}}"
    case benchChartTitle

    /// The title as the first line of the chart's text summary.
    ///
    /// English: "{title}."
    case benchChartTitleSentence

    /// The chart's text summary: the line before the steps' times (benchChartStep).
    ///
    /// English: "Time per step, median and 95th percentile:"
    case benchChartStepsIntroduction

    /// {median} and {p95} are benchMilliseconds.
    ///
    /// English: "{step}: median {median}, 95th percentile {p95}, on {frames, plural, one {# frame} other {# frames}}."
    case benchChartStep

    /// The heading of the chart's latency-over-time plot (SVG).
    ///
    /// English: "End-to-end latency of each processed frame"
    case benchChartLatencyHeading

    /// The label of the chart's horizontal axis: time into the video.
    ///
    /// English: "Time in the video (seconds)"
    case benchChartTimeAxis

    /// The label of the chart's vertical axis: end-to-end latency in milliseconds.
    ///
    /// English: "End-to-end latency (ms)"
    case benchChartLatencyAxis

    /// The chart's text summary when the run processed no frame.
    ///
    /// English: "No frames were processed."
    case benchChartNoFrames

    /// The chart's text summary in place of the latency line, when the run processed no frame.
    ///
    /// English: "No frames were processed, so there is no latency over time."
    case benchChartNoTimeline

    /// The latency line described: times are benchMilliseconds, {lowAt} and {highAt} seconds into the video.
    ///
    /// English: "End-to-end latency over the video: lowest {low} at {lowAt} seconds, highest {high} at {highAt} seconds; median over the first tenth of the frames {first}, over the last tenth {last}."
    case benchChartTimeline

    /// The heading of the chart's per-step bar plot (SVG).
    ///
    /// English: "Time per step: bar to the median, whisker to the 95th percentile"
    case benchChartStepsHeading

    /// A bar's description, for a screen reader.
    ///
    /// English: "{step}: median {median}, 95th percentile {p95}"
    case benchChartBarTitle

    /// Beside a bar, where space is short.
    ///
    /// English: "median {median}, 95th {p95}"
    case benchChartBarValues

    /// The label of the bar plot's axis: milliseconds per frame.
    ///
    /// English: "Milliseconds per frame"
    case benchChartMillisecondsAxis

    // MARK: The sandbox and the products database's storage

    /// A file being streamed (an export to import) could not be opened. path: the file; reason: a
    /// reason… phrase (SystemReason), why.
    ///
    /// English: "Cannot open {path} ({reason}); check that it exists and is readable."
    case storeFileCannotOpen

    /// A compressed export (an import) ends early, or before the point an import resumes from. path:
    /// the file.
    ///
    /// English: "{path} stops early, so it was cut off while downloading; download it again."
    case storeFileTruncated

    /// A compressed export (an import) has damaged data. path: the file.
    ///
    /// English: "{path} is damaged; download it again."
    case storeFileCorrupt

    /// A file being imported could not be read. path: the file; reason: a reason… phrase
    /// (SystemReason), why.
    ///
    /// English: "Cannot read {path} ({reason})."
    case storeFileUnreadable

    /// A failed step on the products database, one message per step; reason: an SQLite reason… phrase
    /// (SQLiteReason), why.
    ///
    /// English: "SQLite could not open it: {reason}"
    case storeSQLiteOpen

    /// A failed step on the products database: reading where an import got to. reason: an SQLite reason…
    /// phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not read the import's progress: {reason}"
    case storeSQLiteReadImportProgress

    /// A failed step on the products database: recording where an import got to. reason: an SQLite
    /// reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not record the import's progress: {reason}"
    case storeSQLiteRecordImportProgress

    /// A failed step on the products database: looking a code up. reason: an SQLite reason… phrase
    /// (SQLiteReason), why.
    ///
    /// English: "SQLite could not look a code up: {reason}"
    case storeSQLiteLookUpCode

    /// A failed step on the products database: reading its format's version. reason: an SQLite reason…
    /// phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not read the schema version: {reason}"
    case storeSQLiteReadSchemaVersion

    /// A failed step on the products database: reading its tables' layout. reason: an SQLite reason…
    /// phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not read the schema: {reason}"
    case storeSQLiteReadSchema

    /// A failed step on the products database: turning on write-ahead logging. reason: an SQLite reason…
    /// phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not use write-ahead logging: {reason}"
    case storeSQLiteUseWriteAheadLog

    /// A failed step on the products database: creating its tables. reason: an SQLite reason… phrase
    /// (SQLiteReason), why.
    ///
    /// English: "SQLite could not create the tables: {reason}"
    case storeSQLiteCreateTables

    /// A failed step on the products database: setting how often it syncs to disk. reason: an SQLite
    /// reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not set the sync mode: {reason}"
    case storeSQLiteSetSyncMode

    /// A failed step on the products database: counting its products. reason: an SQLite reason… phrase
    /// (SQLiteReason), why.
    ///
    /// English: "SQLite could not count the products: {reason}"
    case storeSQLiteCountProducts

    /// A failed step on the products database: writing it during an import. reason: an SQLite reason…
    /// phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not write the database: {reason}"
    case storeSQLiteWriteDatabase

    /// A failed step on the products database: adding a product during an import. reason: an SQLite
    /// reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not add a product: {reason}"
    case storeSQLiteAddProduct

    /// A failed step on the products database: starting a batch of writes during an import. reason: an
    /// SQLite reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not start a transaction: {reason}"
    case storeSQLiteStartTransaction

    /// A failed step on the products database: saving a batch of writes during an import. reason: an
    /// SQLite reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not commit a transaction: {reason}"
    case storeSQLiteCommitTransaction

    /// A failed step on the products database: saving the last batch of writes of an import. reason: an
    /// SQLite reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not commit the last transaction: {reason}"
    case storeSQLiteCommitLastTransaction

    /// A failed step on the products database: undoing an unfinished batch of writes. reason: an SQLite
    /// reason… phrase (SQLiteReason), why.
    ///
    /// English: "SQLite could not roll back: {reason}"
    case storeSQLiteRollBack

    /// {outputs} is how many files and folders the run may write; {abi} the Landlock ABI's number.
    ///
    /// English: "Sandboxed by the kernel: writes only to {outputs, plural, one {# output} other {# outputs}} (Landlock ABI {abi}), no network, local sockets only (seccomp)."
    case sandboxOn

    /// {reasons} are the clauses saying why, joined by semicolons (sandboxThreadsOutside, or the kernel's words).
    ///
    /// English: "This run is not sandboxed: {reasons}; the kernel does not enforce that it writes only its outputs and sends nothing."
    case sandboxNot

    /// Inside the sandbox's description (--stats): threads that started before the sandbox and are not
    /// confined by Landlock. count: how many.
    ///
    /// English: "{count, plural, one {# thread started earlier is not under Landlock} other {# threads started earlier are not under Landlock}}"
    case sandboxThreadsOutside

    // MARK: The command line: usage errors and runtime failures

    /// After the batch's closing sentence, when some inputs could not be read
    ///
    /// English: "{count, plural, one {The error field of its record says why.} other {The error fields of their records say why.}}"
    case batchErrorFieldsSayWhy

    /// `sensecam batch`: --include and --exclude left nothing to process. count: the images and videos
    /// found; places: the folders, as a list.
    ///
    /// English: "None of the {count} images and videos in {places} passed --include and --exclude; check the patterns."
    case batchNoneIncluded

    /// Inside batchWhatWasLeft: files that are not images or videos. count: how many.
    ///
    /// English: "{count} other files skipped"
    case batchOtherFilesSkipped

    /// Inside batchWhatWasLeft: entries a batch did not open (pipes, links, hidden ones). count: how
    /// many.
    ///
    /// English: "{count, plural, one {# pipe, link or hidden entry passed over} other {# pipes, links or hidden entries passed over}}"
    case batchEntriesPassedOver

    /// {parts}: batchOtherFilesSkipped and batchEntriesPassedOver, joined by commas
    ///
    /// English: " ({parts})"
    case batchWhatWasLeft

    /// `sensecam batch`: no image or video in the folders given. places: the folders, as a list; skipped:
    /// batchWhatWasLeft or nothing.
    ///
    /// English: "No images found in {places}{skipped}; batch reads .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi and .mov videos."
    case batchNothingFound

    /// A file the command writes (records, merged records) could not be written. path: the file.
    ///
    /// English: "Cannot write {path}; check that its folder exists and is writable."
    case failureCannotWrite

    /// A file the command reads (an export, records to merge) could not be read. path: the file.
    ///
    /// English: "Cannot read {path}; check that it exists and is a file."
    case failureCannotRead

    /// `batch --summary FILE`: the summary could not be written. path: the file.
    ///
    /// English: "Cannot write the summary to {path}; check that its folder exists and is writable."
    case batchCannotWriteSummary

    /// `sensecam merge`, when it is done: how many files and records, and the duplicates dropped. files,
    /// records, duplicates: counts.
    ///
    /// English: "Merged {files, plural, one {# file} other {# files}}: {records, plural, one {# record} other {# records}}{duplicates, plural, =0 {} one {, # duplicate dropped} other {, # duplicates dropped}}."
    case mergeDone

    /// `bench --compare FILE`: the earlier report cannot be read. path: the file.
    ///
    /// English: "Cannot read {path}; check the path of the report to compare with."
    case benchCannotReadReport

    /// `bench --compare FILE`: the file is not a report `sensecam bench --report` wrote. path: the file.
    ///
    /// English: "{path} is not a report from 'sensecam bench'; give a file its --report option wrote."
    case benchNotAReport

    /// {what}: benchTheReport, benchTheChart or benchTheChartText
    ///
    /// English: "Cannot write {what} to {path}; check that its folder exists and is writable."
    case benchCannotWrite

    /// Inside benchCannotWrite's {what}: the JSON report (--report).
    ///
    /// English: "the report"
    case benchTheReport

    /// Inside benchCannotWrite's {what}: the SVG chart (--chart).
    ///
    /// English: "the chart"
    case benchTheChart

    /// Inside benchCannotWrite's {what}: the chart's text summary, written beside the chart.
    ///
    /// English: "the chart's text summary"
    case benchTheChartText

    /// `sensecam products import`: an interrupted import of the same file goes on. name: the export's
    /// file name; row: the last row done.
    ///
    /// English: "Resuming the import of {name} after row {row}."
    case importResuming

    /// `sensecam products import`: an unfinished import of another file is left, and this one starts.
    /// other, name: the two files' names.
    ///
    /// English: "The unfinished import of {other} is left as it is; importing {name} from its start."
    case importReplacingUnfinished

    /// `sensecam products import`, when it is done: products imported and malformed rows skipped. name:
    /// the file; products, malformed: counts.
    ///
    /// English: "Imported {name}: {products, plural, one {# product} other {# products}}{malformed, plural, =0 {} one {, # malformed row skipped} other {, # malformed rows skipped}}."
    case importDone

    /// `sensecam products import` of a file already imported whole: nothing is done. name: the file;
    /// products, malformed: counts.
    ///
    /// English: "{name} is already imported: {products, plural, one {# product} other {# products}}{malformed, plural, =0 {} one {, # malformed row skipped} other {, # malformed rows skipped}}."
    case importAlreadyDone

    /// `sensecam check-camera`: no picture came in time. path: the camera's device; seconds: how long it
    /// waited.
    ///
    /// English: "No picture from camera {path} for {seconds, spellout} seconds; check that nothing covers it and try another USB port."
    case checkCameraNoPicture

    /// {format}: a size and pixel format such as "1280x720 MJPEG", or checkCameraUnknownFormat
    ///
    /// English: "Camera {path} works: {frames} frames of {format} at {rate} per second, {damaged} damaged."
    case checkCameraWorks

    /// `sensecam check-camera`, inside checkCameraWorks: the camera's pixel format has no name sensecam
    /// knows.
    ///
    /// English: "unknown format"
    case checkCameraUnknownFormat

    /// `sensecam devices` when no camera is plugged in.
    ///
    /// English: "No camera found."
    case devicesNone

    /// devices: a camera, then its formats and the one sensecam uses, indented
    ///
    /// English: "{path}: {name}."
    case devicesCamera

    /// `sensecam devices`: one pixel format a camera offers and its sizes. format: such as MJPEG; sizes:
    /// a list such as 640x480, 1280x720.
    ///
    /// English: "{format}: {sizes}."
    case devicesOffer

    /// {rates}: devicesRate, or nothing when the camera gives no rates
    ///
    /// English: "sensecam uses {format} {size}{rates}."
    case devicesUses

    /// `sensecam devices`, at the end of devicesUses: the frame rate sensecam asks for, with its leading
    /// space. rate: frames a second.
    ///
    /// English: " at {rate} frames a second"
    case devicesRate

    /// `sensecam service`: neither XDG_CONFIG_HOME nor HOME is set, so there is nowhere to write; the
    /// variable names stay as they are.
    ///
    /// English: "Neither XDG_CONFIG_HOME nor HOME names a folder, so there is no place for your systemd units; set HOME and try again."
    case serviceNoFolder

    /// `sensecam service enable` or `disable`: the user's systemd manager reloaded its units.
    ///
    /// English: "Your systemd user manager has read the change."
    case serviceReloaded

    /// `sensecam service enable` or `disable`: no systemd user manager answered (a container, CI); it
    /// will pick the change up at the next login.
    ///
    /// English: "No systemd user manager answered (as in a container or CI), so it reads the change when you next log in."
    case serviceNoManager

    /// `sensecam service`: the udev rule that starts the service is not installed. rule: the rule's file
    /// in the source tree.
    ///
    /// English: "The udev rule is not installed, so plugging a camera in starts nothing yet: as root, copy {rule} from the source tree into /etc/udev/rules.d."
    case serviceRuleMissing

    /// What service enable did, inside serviceEnabled
    ///
    /// English: "linked {alias} to {unit}"
    case serviceLinked

    /// What service enable did, inside serviceEnabled: it wrote a unit for a build run from its source
    /// tree. unit, executable, alias: paths.
    ///
    /// English: "wrote {unit} for the build at {executable} and linked {alias} to it"
    case serviceWroteAndLinked

    /// What service enable did, inside serviceEnabled: it linked to the user's own unit. alias, unit:
    /// paths.
    ///
    /// English: "linked {alias} to your own {unit}"
    case serviceLinkedToYours

    /// {reason}: the system's own words
    ///
    /// English: "Could not set up the service in {folder} ({reason}); check that the folder is yours and writable."
    case serviceCannotSetUp

    /// `sensecam service enable`, when done. did: serviceLinked, serviceWroteAndLinked or
    /// serviceLinkedToYours.
    ///
    /// English: "Enabled for you: {did}. Plugging a USB camera in now starts narration with your settings, and unplugging it stops it."
    case serviceEnabled

    /// `sensecam service disable`: the files it wrote could not be removed. folder: where they are;
    /// reason: reasonX, why.
    ///
    /// English: "Could not remove the service's files from {folder} ({reason}); check that the folder is yours and writable."
    case serviceCannotRemove

    /// `sensecam service disable` when the service was not enabled.
    ///
    /// English: "The service was not enabled for you; nothing changed."
    case serviceWasNotEnabled

    /// `sensecam service disable`, when done. removed: the files it removed, as a list.
    ///
    /// English: "Disabled for you: removed {removed}. Plugging a camera in no longer starts narration; one running now stops when the camera is unplugged."
    case serviceDisabled

    /// `sensecam service status`: the service is enabled for this user.
    ///
    /// English: "Enabled for you: plugging a USB camera in starts narration."
    case serviceStatusEnabled

    /// `sensecam service status`: the service's link points to a unit that no longer exists. alias: the
    /// link.
    ///
    /// English: "Disabled: {alias} points to a unit that is gone; run 'sensecam service enable' again."
    case serviceStatusDangling

    /// `sensecam service status`: the service is not enabled for this user.
    ///
    /// English: "Disabled for you: plugging a camera in starts nothing; 'sensecam service enable' sets it up."
    case serviceStatusDisabled

    /// `sensecam service status`: the unit in use is one `service enable` wrote for a build. unit: its
    /// path.
    ///
    /// English: "The unit is {unit}, written for a build run from its source tree."
    case serviceStatusWrittenUnit

    /// `sensecam service status`: the unit in use is the installed package's. unit: its path.
    ///
    /// English: "The unit is installed at {unit}."
    case serviceStatusInstalledUnit

    /// `sensecam service status`: there is no unit at all. folder: where the package would install it.
    ///
    /// English: "No unit is installed: the package puts one in {folder}, and 'sensecam service enable' writes one for a build run from its source tree."
    case serviceStatusNoUnit

    /// `sensecam service status`: where the udev rule is installed. rule: its path.
    ///
    /// English: "The udev rule is installed at {rule}."
    case serviceStatusRule

    /// `sensecam service status`: no systemd user manager answered, so whether narration runs is not
    /// known.
    ///
    /// English: "No systemd user manager answered, so whether narration is running is not known."
    case serviceStatusUnknown

    /// `sensecam service status`: no narration service is running now.
    ///
    /// English: "No narration is running."
    case serviceStatusNotRunning

    /// `sensecam service status`: narration is running. cameras: the cameras' devices, as a list.
    ///
    /// English: "Narration is running for {cameras}."
    case serviceStatusRunning

    /// Why a file operation failed (SystemReason), said inside another sentence's parentheses.
    ///
    /// English: "permission denied"
    case reasonPermissionDenied

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: no space left
    /// on the disk.
    ///
    /// English: "the disk is full"
    case reasonDiskFull

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: the user's disk
    /// quota is used up.
    ///
    /// English: "your disk quota is used up"
    case reasonQuotaExceeded

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a read-only
    /// file system.
    ///
    /// English: "the disk is read-only"
    case reasonReadOnly

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a file name too
    /// long.
    ///
    /// English: "the file name is too long"
    case reasonNameTooLong

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a part of the
    /// path is a file.
    ///
    /// English: "part of the path is a file, not a folder"
    case reasonNotAFolder

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: the file does
    /// not exist.
    ///
    /// English: "it does not exist"
    case reasonMissing

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a folder where
    /// a file was expected.
    ///
    /// English: "it is a folder"
    case reasonIsAFolder

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a symbolic
    /// link, which is not followed.
    ///
    /// English: "it is a symbolic link"
    case reasonSymbolicLink

    /// Why a file operation failed (SystemReason), inside another sentence's parentheses: a read or write
    /// error of the disk.
    ///
    /// English: "the disk could not be read or written"
    case reasonInputOutput

    /// code: the system's error number.
    ///
    /// English: "system error {code}"
    case reasonSystemError

    /// Why a device call failed (SystemReason), inside another sentence: the device is busy.
    ///
    /// English: "the device is busy"
    case reasonDeviceBusy

    /// Why a device call failed (SystemReason), inside another sentence: it waited too long for an answer.
    ///
    /// English: "no answer came in time"
    case reasonTimedOut

    /// Why a device call failed (SystemReason), inside another sentence: the driver refused the request
    /// as invalid (EINVAL).
    ///
    /// English: "the driver refused the request as invalid"
    case reasonInvalidRequest

    /// Why an SQLite call failed (SQLiteReason), inside another sentence: another program holds the
    /// database's lock.
    ///
    /// English: "another program is using it"
    case reasonDatabaseInUse

    /// Why a file operation or an SQLite call failed (SystemReason, SQLiteReason), inside another
    /// sentence: memory ran out.
    ///
    /// English: "there is not enough memory"
    case reasonOutOfMemory

    /// Why an SQLite call failed (SQLiteReason), inside another sentence: the file's contents are damaged.
    ///
    /// English: "the database file is damaged"
    case reasonDatabaseDamaged

    /// Why an SQLite call failed (SQLiteReason), inside another sentence: the file (or its folder) could
    /// not be opened.
    ///
    /// English: "the file could not be opened"
    case reasonCannotOpen

    /// Why an SQLite call failed (SQLiteReason), inside another sentence: the file is something else.
    ///
    /// English: "the file is not a database"
    case reasonNotADatabase

    /// Why an SQLite call failed (SQLiteReason), inside another sentence, when it has no phrase of its
    /// own. code: SQLite's result code.
    ///
    /// English: "SQLite error {code}"
    case reasonSQLiteError

    /// A failure sensecam has no sentence of its own for, and the system gave no error number; the error's own English goes to no one.
    ///
    /// English: "sensecam stopped on an error it cannot describe; run it again, and report it if it happens again."
    case failedUnexpectedly

    /// A failure sensecam has no sentence of its own for, with the system's error number. reason: a reason… phrase.
    ///
    /// English: "sensecam stopped on a system error ({reason}); run it again, and report it if it happens again."
    case failedWithSystemReason

    /// Said once before reading pictures when the scene models were never fetched.
    ///
    /// English: "The scene-text model {file} was not found, so pictures are read as pages; run 'make setup' to fetch it."
    case readingSceneModelMissing

    /// The whole report of a usage error, on one line: {sentence} is the mistake; {command} the
    /// command whose help to read ("sensecam aware").
    ///
    /// English: "Error: {sentence} See '{command} --help'."
    case usageErrorReport

    /// A usage error: an option the command does not have. name: as typed.
    ///
    /// English: "Unknown option '{name}'."
    case usageUnknownOption

    /// {suggestion}: the option most like the one typed
    ///
    /// English: "Unknown option '{name}'; did you mean '{suggestion}'?"
    case usageUnknownOptionGuess

    /// A usage error: a subcommand sensecam does not have, nothing like a known one. name: as typed.
    ///
    /// English: "Unknown subcommand '{name}'."
    case usageUnknownSubcommand

    /// A usage error: a subcommand sensecam does not have, close to a known one. name: as typed;
    /// suggestion: the known one.
    ///
    /// English: "Unknown subcommand '{name}'; did you mean '{suggestion}'?"
    case usageUnknownSubcommandGuess

    /// A usage error: a command that needs a subcommand (products, service) given none.
    ///
    /// English: "Missing subcommand."
    case usageMissingSubcommand

    /// sensecam run with no command: after helpSensecam, the commands most used, with what each does.
    ///
    /// English: "Most used: 'sensecam aware' says what is around you, 'sensecam read' reads a page aloud, 'sensecam find cup' finds one thing, 'sensecam scan' reads a barcode."
    case usageIntroCommands

    /// The line after usageIntroCommands: where every command and option is described.
    ///
    /// English: "Every command and option: 'sensecam --help', or 'man sensecam'."
    case usageIntroMore

    /// A usage error: an option given without its value at the end of the line. name: the option.
    ///
    /// English: "Option '{name}' needs a value."
    case usageMissingValue

    /// A usage error: an option that takes no value given one (--json=yes). name: the option; value: what
    /// was given.
    ///
    /// English: "Flag '{name}' takes no value; got '{value}'."
    case usageFlagGivenValue

    /// A usage error: a required argument left out. label: its name in the usage line, such as <image>.
    ///
    /// English: "Missing expected argument '{label}'."
    case usageMissingArgument

    /// A usage error: an argument the command does not take. value: as typed.
    ///
    /// English: "Unexpected argument '{value}'."
    case usageUnexpectedArgument

    /// {values}: every value the option takes, joined by commas
    ///
    /// English: "'{name}' does not take '{value}'; it takes {values}."
    case usageNotAllowed

    /// {suggestion}: the value most like the one typed
    ///
    /// English: "'{name}' does not take '{value}'; did you mean '{suggestion}'?"
    case usageNotAllowedGuess

    /// {expected}: one of the expected… messages
    ///
    /// English: "'{name}' must be {expected}; got '{value}'."
    case usageInvalidValue

    /// A usage error: an option that applies only to a video (--every-frame, --captions) given without
    /// --video. option: as typed.
    ///
    /// English: "'{option}' applies only to --video."
    case usageOnlyWithVideo

    /// A usage error: a camera option (--camera, --size, --fps) given with an image or a video. option:
    /// as typed; source: image or video.
    ///
    /// English: "'{option}' applies only to the camera, not to {source, select, image {an image} other {a video}}."
    case usageCameraOnly

    /// A usage error of `sensecam batch`: --resume without --out. The options stay as they are.
    ///
    /// English: "'--resume' needs '--out <file>': only records written to a file can be resumed."
    case usageResumeNeedsOut

    /// batch --resume of an --out file written in another mode: found: the mode its records are from; mode: the one asked.
    ///
    /// English: "{path} holds records of 'batch --mode {found}', so it cannot be resumed with --mode {mode}; resume it with '--mode {found}', or give --out another file."
    case usageBatchResumeOtherMode

    /// A usage error of `sensecam bench`: an option for a video's run given with --model-only. option: as
    /// typed.
    ///
    /// English: "'{option}' does not go with '--model-only', which times the network alone on one image."
    case usageModelOnlyRefuses

    /// A usage error of `sensecam bench`: an option of --model-only given without it. option: as typed.
    ///
    /// English: "'{option}' applies only to --model-only."
    case usageOnlyModelOnly

    /// A usage error of `sensecam bench`: --input-size with a mode other than aware, without
    /// --model-only.
    ///
    /// English: "'--input-size' applies only to --mode aware and to --model-only."
    case usageInputSizeAwareOnly

    /// A usage error of `sensecam bench`: several --input-size values for a video run.
    ///
    /// English: "Give one '--input-size' for a video; several are for --model-only."
    case usageOneInputSize

    /// A usage error of `sensecam bench`: both --every-frame and --realtime.
    ///
    /// English: "Choose one of '--every-frame' and '--realtime', not both."
    case usageEveryFrameOrRealtime

    /// A usage error of `sensecam read`: --short with an image, which is read whole.
    ///
    /// English: "'--short' applies to the camera and --video; a picture is read whole."
    case usageShortNotPicture

    /// A usage error of `sensecam read`: --engine with the camera or a video.
    ///
    /// English: "'--engine' applies only to a picture; the camera and videos read pages, or short text with --short."
    case usageEngineOnlyPicture

    /// A usage error: an option of the camera's awareness mode given with an image or a video. option: as
    /// typed; source: image or video.
    ///
    /// English: "'{option}' applies only to the camera's awareness mode (the m key), not to {source, select, image {an image} other {a video}}."
    case usageAwarenessOnly

    /// A usage error of `sensecam products lookup`: what was given is not the digits of a barcode. code:
    /// as typed.
    ///
    /// English: "'{code}' is not a barcode: give the digits printed under it, such as 3017620422003."
    case usageNotABarcode

    /// A usage error: both an image and --video were given. image: the image as typed.
    ///
    /// English: "Give the image {image} or --video, not both."
    case usageImageAndVideo

    /// {mode}: the command's name, which is also a batch mode
    ///
    /// English: "{path} is a folder; 'sensecam batch --mode {mode} {path}' goes through the images and videos in it."
    case usageFolderForBatch

    /// {command}: the command's name (light, colour)
    ///
    /// English: "{path} is a folder, and '{command}' looks at one image at a time; name an image in it."
    case usageFolderOneImage

    /// A usage error: a still image given with --video. path: as typed.
    ///
    /// English: "{path} is a still image; leave out --video."
    case usageStillImageAsVideo

    /// A usage error: a video given as the image argument. path: as typed.
    ///
    /// English: "{path} is a video; give it with --video."
    case usageVideoAsImage

    /// A usage error: both --json and --output. The options stay as they are.
    ///
    /// English: "Give '--json' or '--output', not both: each chooses what is printed."
    case usageJSONOrOutput

    /// {count}: how many digits were typed
    ///
    /// English: "'{code}' has {count, plural, one {# digit} other {# digits}}, and a product barcode has 8, 12, 13 or 14; check the digits printed under it."
    case usageBarcodeLength

    /// A usage error of `sensecam products lookup`: the barcode's check digit does not match. code: as
    /// typed.
    ///
    /// English: "'{code}' is not a valid barcode: its last digit does not match the others, so one was mistyped; check the digits printed under it."
    case usageBarcodeCheckDigit

    /// What a value must be, completing "must be …"
    ///
    /// English: "a number"
    case expectedNumber

    /// What a value must be, completing "must be …" (usageInvalidValue, settingsBadValue): an integer.
    ///
    /// English: "a whole number"
    case expectedWholeNumber

    /// What a value must be, completing "must be …": a number of degrees (--hfov).
    ///
    /// English: "a number of degrees"
    case expectedNumberOfDegrees

    /// What a value must be, completing "must be …": a number within a range. kind: expectedNumber or
    /// expectedWholeNumber; low, high: the bounds.
    ///
    /// English: "{kind} from {low} to {high}"
    case expectedFromTo

    /// What a value must be, completing "must be …": a number with a lower bound. kind: expectedNumber or
    /// expectedWholeNumber; low: the bound.
    ///
    /// English: "{kind} of at least {low}"
    case expectedAtLeast

    /// What a value must be, completing "must be …": a number with an upper bound. kind: expectedNumber
    /// or expectedWholeNumber; high: the bound.
    ///
    /// English: "{kind} of at most {high}"
    case expectedAtMost

    /// What a value must be, completing "must be …": one of a choice's values. values: them, as a list.
    ///
    /// English: "one of {values}"
    case expectedOneOf

    /// What a value must be, completing "must be …": any text (a settings file's value of the wrong
    /// type).
    ///
    /// English: "some text"
    case expectedText

    /// What --input-size must be, completing "must be …". low, high: the smallest and largest sizes.
    ///
    /// English: "a multiple of 32 from {low} to {high}, such as 320 or 416"
    case expectedInputSize

    /// The locale (LANG, LC_MESSAGES or LC_ALL) names a language sensecam has no catalog for. asked: the
    /// locale's value ("it_IT.UTF-8"); choices: the languages there are, as a list of codes.
    ///
    /// English: "The locale asks for {asked}, which sensecam does not speak yet, so it speaks English; it speaks {choices}: choose with --language."
    case languageNotAvailable

    /// What --camera must be, completing "must be …"; /dev/video0 stays as it is.
    ///
    /// English: "a device path such as \"/dev/video0\""
    case expectedDevicePath

    /// What --size must be, completing "must be …"; 1280x720 stays as it is.
    ///
    /// English: "a width and height such as 1280x720"
    case expectedFrameSize

    /// What --captions must be, completing "must be …"; the extensions stay as they are.
    ///
    /// English: "a file name ending in .vtt or .srt"
    case expectedCaptionFile

    /// What --output must be, completing "must be …"; the channel names stay as they are, as typed.
    ///
    /// English: "text, jsonl, speech or braille, joined by commas"
    case expectedChannels

    /// {line}: settingsAtLine, or nothing
    ///
    /// English: "The settings file {path} is not valid JSON{line}; correct it or delete it."
    case settingsNotJSON

    /// Inside settingsNotJSON, with its leading space: where in the settings file the JSON breaks. line:
    /// the line number.
    ///
    /// English: " (line {line})"
    case settingsAtLine

    /// {example}: a JSON example, as it is written
    ///
    /// English: "The settings file {path} must hold one JSON object, such as {example}."
    case settingsNotAnObject

    /// The settings file has a setting sensecam does not know, nothing like a known one. path: the file;
    /// key: as written; known: the settings, as a list.
    ///
    /// English: "The settings file {path} has an unknown setting '{key}'; the settings are {known}."
    case settingsUnknownKey

    /// A settings file's value of the wrong kind. path: the file; key: the setting; expected: expectedX,
    /// what it must be.
    ///
    /// English: "In the settings file {path}, '{key}' must be {expected}."
    case settingsBadValue

    /// As settingsBadValue, when the value is close to one it takes: suggestion: that value.
    ///
    /// English: "In the settings file {path}, '{key}' must be {expected}; did you mean '{suggestion}'?"
    case settingsBadValueGuess

    // MARK: Help: commands, arguments and options

    /// The one-line summary of `sensecam aware`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Narrate the objects the camera sees, or those in a video or an image, in hedged sentences."
    case helpAware

    /// `sensecam aware --help`: what the optional argument IMAGE is.
    ///
    /// English: "The image to describe (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera."
    case helpAwareImage

    /// `sensecam batch --help`: the --mode option.
    ///
    /// English: "What to do with each image or frame."
    case helpBatchMode

    /// `sensecam batch --help`: the --out option.
    ///
    /// English: "Write the JSON lines to this file instead of standard output."
    case helpBatchOut

    /// `sensecam batch --help`: the --resume option.
    ///
    /// English: "With --out: keep the records an interrupted run already wrote there and process only the images and videos still missing."
    case helpBatchResume

    /// `sensecam batch --help`: the --jobs option.
    ///
    /// English: "Images or videos processed at once, each worker with its own engine."
    case helpBatchJobs

    /// `sensecam batch --help`: --jobs' default, shown as "(default: …)".
    ///
    /// English: "the number of cores"
    case helpBatchJobsDefault

    /// `sensecam batch --help`: the --every option.
    ///
    /// English: "In a video, process every nth frame: 1 takes them all, 30 about one a second at 30 frames per second."
    case helpBatchEvery

    /// `sensecam batch --help`: the --include option.
    ///
    /// English: "Process only files whose path inside the folder, or whose name, matches this shell pattern, such as '*.jpg' or '2024/*'; may be repeated."
    case helpBatchInclude

    /// `sensecam batch --help`: the --exclude option.
    ///
    /// English: "Leave out files whose path inside the folder, or whose name, matches this pattern; may be repeated."
    case helpBatchExclude

    /// `sensecam batch --help`: the --shard option; k and n stay as they are, as in the option's value
    /// k/n.
    ///
    /// English: "Process only share k of n, chosen by a hash of each path, so n runs can split one batch: 1/3, 2/3 and 3/3 together cover every file once."
    case helpBatchShard

    /// `sensecam batch --help`: the --summary option.
    ///
    /// English: "Also write a JSON summary of the batch to this file: counts, time, records per second, workers and shard."
    case helpBatchSummary

    /// The --progress option of `sensecam batch`, in its help; the values auto, lines and none stay as
    /// they are.
    ///
    /// English: "How progress is shown on standard error: auto is a plain line at each 10 percent (at most one every 5 seconds) on a terminal and nothing otherwise; lines always gives those lines; bar redraws one line in place, which a screen reader reads again at each redraw."
    case helpBatchProgress

    /// The one-line summary of `sensecam batch`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Describe, read or scan every image and video in folders, writing one JSON line per image or video frame."
    case helpBatch

    /// `sensecam batch --help`: what the arguments PATH… are.
    ///
    /// English: "Folders, images or videos to process."
    case helpBatchPath

    /// The longer text after the summary in `sensecam bench --help` and the man page.
    ///
    /// English: "Narration is worked out as in aware or read but not spoken or printed, so the report measures seeing and wording, not speech. Every frame is processed unless --realtime is given, which keeps to the video's own pace and drops the frames the pipeline has no time for. The summary is printed to standard error, one sentence a line. With --chart, an SVG shows latency over time and per step, and the same summary is written beside it in a text file named after the chart with .txt added. With --model-only, no video: the detector's forward pass alone is timed at each --input-size on one letterboxed image, and one sentence a size gives its median; --report is then optional."
    case helpBenchDiscussion

    /// `sensecam bench --help`: the --video option.
    ///
    /// English: "The video to run through the pipeline. (required without --model-only)"
    case helpBenchVideo

    /// `sensecam bench --help`: the --mode option; aware, read and scan stay as they are.
    ///
    /// English: "Which pipeline to time: aware (objects), read (a page) or scan (codes). (required without --model-only)"
    case helpBenchMode

    /// `sensecam bench --help`: the --report option.
    ///
    /// English: "Write the measurements to this JSON file. (required without --model-only)"
    case helpBenchReport

    /// `sensecam bench --help`: the --every-frame option.
    ///
    /// English: "Process every frame, however long it takes, as bench does unless --realtime is given."
    case helpBenchEveryFrame

    /// `sensecam bench --help`: the --realtime option.
    ///
    /// English: "Keep to the video's own pace, dropping frames the pipeline is too slow for."
    case helpBenchRealtime

    /// `sensecam bench --help`: the --frames option.
    ///
    /// English: "Stop after this many frames of the video."
    case helpBenchFrames

    /// `sensecam bench --help`: --frames' default, shown as "(default: …)": the whole video.
    ///
    /// English: "all"
    case helpBenchFramesDefault

    /// `sensecam bench --help`: the --chart option.
    ///
    /// English: "Also draw the latencies as an SVG chart, with a text summary beside it."
    case helpBenchChart

    /// `sensecam bench --help`: the --compare option.
    ///
    /// English: "Say how this run compares with an earlier report."
    case helpBenchCompare

    /// The one-line summary of `sensecam bench`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Time the pipeline on a video: speed, latency of each step, CPU and memory."
    case helpBench

    /// `sensecam check-camera --help`: the --frames option.
    ///
    /// English: "How many frames to capture."
    case helpCheckCameraFrames

    /// `sensecam check-camera --help`: the --timeout option.
    ///
    /// English: "Give up when no frame arrives for this long."
    case helpCheckCameraTimeout

    /// `sensecam check-camera --help`: the --jsonl option.
    ///
    /// English: "Print each frame and each sentence as a JSON line instead of sentences."
    case helpCheckCameraJSONLines

    /// The one-line summary of `sensecam check-camera`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Capture from the camera for a moment and say whether pictures arrive, in what format and how fast."
    case helpCheckCamera

    /// The longer text after the summary in `sensecam colour --help` and the man page.
    ///
    /// English: "Looks at the middle third of the picture, ignoring the edges, and names its main colour with one of 31 everyday names (\"dark blue\", \"beige\", \"light grey\"). A centre of two colours is said as \"Mostly dark blue, with white.\" and one of many colours as \"Mixed colours, mostly red.\" The colour of the light is estimated from the rest of the picture and corrected, so a white cup under a warm lamp is still white; a picture that gives no believable estimate (one colour all round) is left as it is. 'color' works too."
    case helpColourDiscussion

    /// The one-line summary of `sensecam colour`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Say the colour of what is at the centre of an image, in everyday words."
    case helpColour

    /// The one-line summary of `sensecam devices`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "List the cameras, with the picture formats and sizes each offers."
    case helpDevices

    /// The longer text after the summary in `sensecam devices --help` and the man page.
    ///
    /// English: "Formats that only the conversion library provides are not listed. A camera that cannot be opened now is listed with the reason."
    case helpDevicesDiscussion

    /// The one-line summary of `sensecam generate-docs`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Write the man page or a shell's completions, generated from the option tables."
    case helpGenerateDocs

    /// `sensecam generate-docs --help`: what the argument FORMAT is; the formats stay as they are.
    ///
    /// English: "man, bash, zsh or fish."
    case helpGenerateDocsFormat

    /// The longer text after the summary in `sensecam light --help` and the man page; the quoted
    /// sentences are lightLevel's.
    ///
    /// English: "Says one of \"Dark.\", \"Dim light.\", \"Moderate light.\" or \"Bright light.\", adding \"mostly from the left\" (right, above, below) when one side is clearly brighter. The camera's own exposure evens out some of the difference between rooms. On the camera the same is heard as a tone whose pitch rises with the brightness, from 220 Hz for black to 1760 Hz for white."
    case helpLightDiscussion

    /// The one-line summary of `sensecam light`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Say how much light there is in an image and where it mostly comes from."
    case helpLight

    /// `sensecam merge --help`: the --out option.
    ///
    /// English: "Write the merged records to this file."
    case helpMergeOut

    /// The one-line summary of `sensecam merge`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Join the JSON Lines files of several batch runs into one file, in the order of a single run."
    case helpMerge

    /// The longer text after the summary in `sensecam merge --help` and the man page.
    ///
    /// English: "Every line must be one JSON record with a \"source\"; a bad or cut-off line stops the merge with its file and line number. Records are sorted by source path, and a video's frame records by frame, before its end record: the order one batch over one folder writes. A record found twice is kept once; two different records for the same source and frame stop the merge, naming both, since only one can be right; so does a video with frame records but no end record. The merged file is written beside its final name and renamed into place, so it is never left half written."
    case helpMergeDiscussion

    /// `sensecam merge --help`: what the arguments FILE… are.
    ///
    /// English: "JSON Lines files written by 'sensecam batch --out'."
    case helpMergeFile

    /// `sensecam bench --help`: the --model-only option.
    ///
    /// English: "Time the detector's forward pass alone on one image, at each --input-size, instead of a video."
    case helpModelOnly

    /// `sensecam bench --help`: the --layers option; fast, stock and portable stay as they are.
    ///
    /// English: "With --model-only, whose layers run the network: fast (the shim's), stock (OpenCV 4.6's own, to compare) or portable (the shim's without AVX)."
    case helpBenchLayers

    /// The one-line summary of `sensecam products`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Build and search a local products database from an Open Food Facts export."
    case helpProducts

    /// The longer text after the summary in `sensecam products --help` and the man page.
    ///
    /// English: "Download the export once from world.openfoodfacts.org/data (the CSV or JSON Lines form, gzip or plain), import it, and barcodes are then found without a network."
    case helpProductsDiscussion

    /// `sensecam products import --help`: the --progress option; auto, lines and none stay as they are.
    ///
    /// English: "How progress is shown on standard error: auto is a line redrawn in place on a terminal and nothing otherwise; lines is one plain line at each 10 percent, for screen readers."
    case helpProductsImportProgress

    /// The one-line summary of `sensecam products import`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Build the products database from an Open Food Facts export."
    case helpProductsImport

    /// The longer text after the summary in `sensecam products import --help` and the man page; the file
    /// names stay as they are.
    ///
    /// English: "FILE is Open Food Facts' CSV export (en.openfoodfacts.org.products.csv, tab-separated) or its JSON Lines export (openfoodfacts-products.jsonl), gzip-compressed or plain; it is read as a stream, never whole. The barcode, product name, brand, quantity and allergens are kept. A malformed row is skipped and counted. An import that is stopped can be run again with the same file: it continues where it stopped. A product already in the database is replaced by the export's row."
    case helpProductsImportDiscussion

    /// `sensecam products import --help`: what the argument FILE is.
    ///
    /// English: "The export, as downloaded from world.openfoodfacts.org/data."
    case helpProductsImportFile

    /// The one-line summary of `sensecam products lookup`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Say what the products database knows about a barcode."
    case helpProductsLookup

    /// The longer text after the summary in `sensecam products lookup --help` and the man page.
    ///
    /// English: "CODE is the digits under the barcode (spaces allowed): EAN-13, UPC-A (found as its EAN-13) or EAN-8. The exit status is 1 when the code is not in the database."
    case helpProductsLookupDiscussion

    /// `sensecam products lookup --help`: what the argument CODE is.
    ///
    /// English: "The barcode's digits, such as 3017620422003."
    case helpProductsLookupCode

    /// The longer text after the summary in `sensecam read --help` and the man page.
    ///
    /// English: "A picture is read by Tesseract when it is a page (many regular lines) and by the scene engine otherwise (--engine chooses). Words the engine is unsure of are spoken as \"(unclear)\" rather than guessed. In a video, short advice (\"Top edge is cut off. Move the camera up.\", \"Hold steady.\") is given while the page is not well framed; the page is read once it is steady, sharp and wholly in view, from several frames combined, and not again while it stays in view. On the camera, m switches to awareness, which the detection and narration options set up as they do for aware."
    case helpReadDiscussion

    /// `sensecam read --help`: the --short option.
    ///
    /// English: "On the camera or with --video: read any short text that comes into view (signs, labels, screens), each line once while it stays in view, without looking for a page."
    case helpShort

    /// The one-line summary of `sensecam read`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Read the page held up to the camera, or the text in a video or an image, aloud, a sentence at a time."
    case helpRead

    /// `sensecam read --help`: what the optional argument IMAGE is.
    ///
    /// English: "The image to read (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera."
    case helpReadImage

    /// The longer text after the summary in `sensecam scan --help` and the man page; the symbologies'
    /// names stay as they are.
    ///
    /// English: "Reads EAN-8, EAN-13, UPC-A, UPC-E, Code 128, Code 39, ITF, QR, Data Matrix, PDF417 and Aztec codes, and says what each holds in words: digits in groups, a web link by its address, a Wi-Fi code by its network and security, a contact by name and phone. On the camera or in a video, while a code is cut off or too small to read, short advice (\"Code on the left. Move left.\", \"Closer.\") comes at most every two seconds, with a tick on the speech channel that quickens as the code nears the middle at a good size; each code is said once while it stays in view. A product code is looked up in the products database when there is one (see products import). On the camera, m switches mode and d says the codes in view again."
    case helpScanDiscussion

    /// `sensecam scan --help`: the --show-password option.
    ///
    /// English: "Say a Wi-Fi code's password too; without it, only the network and its security are said."
    case helpShowPassword

    /// The one-line summary of `sensecam scan`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Read barcodes and QR codes: product numbers, web links, Wi-Fi networks, contacts, text."
    case helpScan

    /// `sensecam scan --help`: what the optional argument IMAGE is.
    ///
    /// English: "The image to scan (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM); without one, the camera."
    case helpScanImage

    /// The one-line summary of `sensecam service`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Start narration when a USB camera is plugged in, and stop it when it is unplugged."
    case helpService

    /// The longer text after the summary in `sensecam service --help` and the man page; "Camera ready" is
    /// sessionCameraReady's words.
    ///
    /// English: "A systemd user service runs 'sensecam aware' on the camera with your settings file's profile (blind when it names none), voice and language, says \"Camera ready.\" and logs to the journal; the udev rule 70-sensecam.rules, installed by the package or by an administrator, starts it."
    case helpServiceDiscussion

    /// The one-line summary of `sensecam service disable`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Stop narration from starting when a camera is plugged in, for you."
    case helpServiceDisable

    /// The longer text after the summary in `sensecam service disable --help` and the man page.
    ///
    /// English: "A narration running now goes on until the camera is unplugged."
    case helpServiceDisableDiscussion

    /// The one-line summary of `sensecam service enable`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Set narration to start when a USB camera is plugged in, for you."
    case helpServiceEnable

    /// The longer text after the summary in `sensecam service enable --help` and the man page; the paths
    /// stay as they are.
    ///
    /// English: "Writes only under $XDG_CONFIG_HOME/systemd/user (by default ~/.config/systemd/user); 'sensecam service disable' removes exactly that."
    case helpServiceEnableDiscussion

    /// The one-line summary of `sensecam service status`, in its help (OVERVIEW) and the man page.
    ///
    /// English: "Say whether narration starts when a camera is plugged in, and whether it is running."
    case helpServiceStatus

    /// `sensecam light --help` and `colour --help`: what the argument IMAGE is.
    ///
    /// English: "The image to measure (JPEG, PNG, TIFF, BMP, WebP, PGM or PPM)."
    case helpMeasureImage

    /// The one-line summary of sensecam itself, at the top of `sensecam --help`.
    ///
    /// English: "Hear what a camera sees: hedged descriptions of objects, and text read aloud."
    case helpSensecam

    /// The --max-megapixels option in the help of the commands that take an image or a video.
    ///
    /// English: "Refuse an image or a video whose pictures hold more than this many megapixels, before decoding it."
    case helpMaxMegapixels

    /// The --max-megapixels option in the help of the commands that take only an image, not a video.
    ///
    /// English: "Refuse an image of more than this many megapixels, before decoding it."
    case helpMaxMegapixelsImage

    /// `sensecam batch --help`: the --max-megapixels option, which refuses one input and goes on.
    ///
    /// English: "Give an error record, and go on, for each image or video whose pictures hold more than this many megapixels, before decoding it."
    case helpMaxMegapixelsBatch

    /// The --video option in the help of the commands that can take a video.
    ///
    /// English: "The video file to use instead of an image."
    case helpVideo

    /// The --every-frame option in the help of the commands that can take a video.
    ///
    /// English: "Process every frame, however long it takes, instead of keeping up with the video's own pace (for evaluation)."
    case helpEveryFrame

    /// The --captions option in the help of the commands that can take a video.
    ///
    /// English: "Also write the narration as a timed caption track (.vtt or .srt) in the video's time."
    case helpCaptions

    /// The --camera option in the help of the commands that use the camera.
    ///
    /// English: "The camera to use, such as /dev/video2; 'sensecam devices' lists them."
    case helpCamera

    /// --camera's default, shown as "(default: …)": the first camera found.
    ///
    /// English: "the first one"
    case helpCameraDefault

    /// The --size option in the help of the commands that use the camera.
    ///
    /// English: "The picture size to ask the camera for."
    case helpSize

    /// The --fps option in the help of the commands that use the camera.
    ///
    /// English: "The frame rate to ask the camera for."
    case helpFps

    /// The --stats option in the help of the commands that use the camera; SIGUSR1 stays as it is.
    ///
    /// English: "At the end (and whenever the process gets SIGUSR1), print frames captured, processed and dropped, and latency; at the end, also the sandbox the run was in."
    case helpStats

    /// The --min-confidence option in the help of the commands that detect objects.
    ///
    /// English: "Keep detections at or above this confidence, from 0 to 1. Spoken captions use stricter bands."
    case helpMinConfidence

    /// The --model option in the help of the commands that detect objects.
    ///
    /// English: "The YOLOX-Nano ONNX model."
    case helpModel

    /// --model's default, shown as "(default: …)"; the variable and paths stay as they are.
    ///
    /// English: "$SENSECAM_MODEL, else the one 'make setup' fetched into Models/, else the installed /usr/share/sensecam/models/yolox_nano.onnx"
    case helpModelDefault

    /// The --hfov option in the help of the commands that detect objects.
    ///
    /// English: "The camera's horizontal field of view, used for directions."
    case helpHfov

    /// The --input-size option in the help of the commands that detect objects.
    ///
    /// English: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects."
    case helpInputSize

    /// The --verbosity option in the help of the commands that narrate.
    ///
    /// English: "How much each sentence says."
    case helpVerbosity

    /// --verbosity's default, shown as "(default: …)": normal, unless --profile chooses another.
    ///
    /// English: "normal, or the profile's"
    case helpVerbosityDefault

    /// The --describe-every option in the help of the commands that narrate.
    ///
    /// English: "Also summarise everything in view this often."
    case helpDescribeEvery

    /// The --return-after option in the help of the commands that narrate.
    ///
    /// English: "Announce an object again only after it was out of view this long."
    case helpReturnAfter

    /// The --json option in the help of the commands that print a result.
    ///
    /// English: "Print one JSON object instead of sentences."
    case helpJSON

    /// The --profile option in the help of the commands that narrate; the profiles' names stay as they
    /// are.
    ///
    /// English: "Who is listening, which chooses where narration goes and how many words it uses: speech for blind, speech and text for low-vision, terse braille for deafblind, text and JSON Lines for developer."
    case helpProfile

    /// The --voice-rate option in the help of the commands that speak.
    ///
    /// English: "Speech rate from -100 (slowest) to 100 (fastest); 0 keeps the voice's usual rate."
    case helpVoiceRate

    /// The --braille-grade option in the help of the commands that narrate; the grades' names stay as
    /// they are.
    ///
    /// English: "How the braille display writes narration: computer shows the text in BRLTTY's own table, a character a cell; uncontracted and contracted write the language's literary braille (liblouis), without or with contractions."
    case helpBrailleGrade

    /// The --products-db option in the help of scan and products.
    ///
    /// English: "The products database to build or read."
    case helpProductsDatabase

    /// --products-db's default, shown as "(default: …)"; the variable and paths stay as they are.
    ///
    /// English: "$XDG_DATA_HOME/sensecam/products.sqlite, else ~/.local/share/sensecam/products.sqlite"
    case helpProductsDatabaseDefault

    /// The --language option in the help of every command that speaks or reads.
    ///
    /// English: "The language sensecam speaks, reads and writes braille in, its messages too; when not given, the locale's, else English."
    case helpLanguage

    /// `sensecam read --help`: the --engine option; page, scene and auto stay as they are.
    ///
    /// English: "Which engine reads a picture: page (Tesseract, for pages), scene (signs, labels, packaging, screens), or auto (decides from the picture)."
    case helpEngine

    /// `sensecam read --help`: the --ocr-model option; small and tiny stay as they are.
    ///
    /// English: "The scene engine's model: small reads more, tiny is faster."
    case helpOcrModel

    /// {keys}: the live keys, from the key table
    ///
    /// English: "Says only what the detector is reasonably sure of: \"Probably\" from 70 percent confidence, \"Possibly\" from 45 percent; less certain objects are not spoken. In a video each object is announced once, when it has been seen in several frames, with its clock direction; again only after it was gone for a while. Objects of several kinds that appear together share one utterance, and a person or vehicle coming closer is announced first. With no image and no video, the camera is narrated live; keys: {keys}."
    case helpAwareDiscussion

    /// {record}: a JSON record, shown as it is written
    ///
    /// English: "Folders are searched recursively for .jpg, .jpeg, .png, .tif, .tiff, .bmp, .webp, .pgm and .ppm images and .mp4, .mkv, .webm, .avi, .mov and other videos; other files are skipped and counted. A video gives one line per processed frame, with its \"frame\" number and time \"t\" in seconds, then a line {record} once all its frames are written. An image or video that cannot be read gets a record with an \"error\" sentence and the batch goes on. Exit status is 1 if any image or video failed."
    case helpBatchDiscussion

    /// `sensecam bench --help`: the --input-size option, which --model-only lets repeat.
    ///
    /// English: "The detector's input size, a multiple of 32: 320 is faster, 416 finds more small and distant objects. With --model-only, repeat it or separate sizes with commas to time several."
    case helpBenchInputSize

    /// `sensecam bench --help`: --input-size's default, shown as "(default: …)". default: the size for a
    /// video; sizes: those --model-only times.
    ///
    /// English: "{default}; with --model-only, {sizes}"
    case helpBenchInputSizeDefault

    /// `sensecam bench --help`: the --forwards option. warmUp: how many untimed passes come first.
    ///
    /// English: "With --model-only, how many forward passes to time at each size, after {warmUp} warm-up passes."
    case helpBenchForwards

    /// `sensecam bench --help`: the --image option.
    ///
    /// English: "With --model-only, the image to letterbox."
    case helpBenchImage

    /// `sensecam bench --help`: --image's default, shown as "(default: …)". width, height: the picture's
    /// size.
    ///
    /// English: "a synthetic {width}x{height} picture, the same every run"
    case helpBenchImageDefault

    /// The --output option in the help of the commands that narrate; the channel names stay as they are.
    ///
    /// English: "Where narration goes, overriding the profile: text, jsonl, speech or braille, or several joined by commas."
    case helpOutput

    /// `sensecam aware --help`: the --video option.
    ///
    /// English: "Narrate this video file instead of describing an image."
    case helpAwareVideo

    /// `sensecam read --help`: the --video option.
    ///
    /// English: "Read the page filmed in this video file instead of an image."
    case helpReadVideo

    /// `sensecam scan --help`: the --video option.
    ///
    /// English: "Scan this video file instead of an image."
    case helpScanVideo

    /// The --help option, in every command's help.
    ///
    /// English: "Show help information."
    case helpOptionHelp

    /// The --version option, in `sensecam --help`.
    ///
    /// English: "Show the version."
    case helpOptionVersion

    /// The heading of a help's first section, the command's summary; in capitals as a heading.
    ///
    /// English: "OVERVIEW:"
    case helpOverviewLabel

    /// The heading of a help's usage line; in capitals as a heading.
    ///
    /// English: "USAGE:"
    case helpUsageLabel

    /// The heading of a help's arguments; in capitals as a heading.
    ///
    /// English: "ARGUMENTS:"
    case helpArgumentsLabel

    /// The heading of a help's options; in capitals as a heading.
    ///
    /// English: "OPTIONS:"
    case helpOptionsLabel

    /// The heading of a help's list of subcommands; in capitals as a heading.
    ///
    /// English: "SUBCOMMANDS:"
    case helpSubcommandsLabel

    /// A subcommand in a help's list, marked as the one run when none is named. name: the subcommand.
    ///
    /// English: "{name} (default)"
    case helpDefaultSubcommand

    /// The end of a help that lists subcommands. command: the help command to run, such as "sensecam help
    /// service <subcommand>".
    ///
    /// English: "See '{command}' for detailed help."
    case helpSeeSubcommandHelp

    /// After an option's help: the values it allows. values: them, joined by commas.
    ///
    /// English: "(values: {values})"
    case helpAllowedValues

    /// After an option's help: its default. value: the default, or a helpXDefault sentence.
    ///
    /// English: "(default: {value})"
    case helpDefaultValue

    // MARK: Keys

    /// A key and what it does, in the lists of keys
    ///
    /// English: "space repeat"
    case keysRepeat

    /// A key and what it does, in the lists of keys (keysStart, keysHelpSentence): d sums up what is in
    /// view.
    ///
    /// English: "d describe"
    case keysDescribe

    /// A key and what it does, in the lists of keys: r reads the text in view.
    ///
    /// English: "r read"
    case keysRead

    /// A key and what it does, in the lists of keys: m moves to the next mode.
    ///
    /// English: "m switch mode"
    case keysSwitchMode

    /// A key and what it does, in the lists of keys: + and - make the sentences say more or less.
    ///
    /// English: "plus or minus verbosity"
    case keysVerbosity

    /// A key and what it does, in the lists of keys: p pauses and resumes the narration.
    ///
    /// English: "p pause"
    case keysPause

    /// A key and what it does, in the lists of keys: q ends the session.
    ///
    /// English: "q quit"
    case keysQuit

    /// A review key and what it does, in the second h answer (keysReviewSentence): moving between things
    /// said.
    ///
    /// English: "1 and 3 or Page Up and Page Down, the previous and next thing said"
    case keysReviewUtterances

    /// A review key and what it does, in the second h answer (keysReviewSentence): moving between the
    /// lines of a reading.
    ///
    /// English: "7 and 9 or the up and down arrows, the previous and next line of a reading"
    case keysReviewLines

    /// A review key and what it does, in the second h answer (keysReviewSentence): moving between words.
    ///
    /// English: "4 and 6 or the left and right arrows, the previous and next word"
    case keysReviewWords

    /// A review key and what it does, in the second h answer (keysReviewSentence): moving between
    /// characters.
    ///
    /// English: "v and n, the previous and next character"
    case keysReviewCharacters

    /// A review key and what it does, in the second h answer (keysReviewSentence): s spells the current
    /// word.
    ///
    /// English: "s spells the word"
    case keysReviewSpell

    /// A review key and what it does, in the second h answer (keysReviewSentence): a reads from here to
    /// the end.
    ///
    /// English: "a reads on to the end"
    case keysReviewReadOn

    /// Ends the first h answer's list of keys: a second h says the review keys (keysReviewSentence)
    ///
    /// English: "h again for the review keys"
    case keysHelpAgain

    /// Said when a live session starts
    ///
    /// English: "Keys: {keys}, h more keys."
    case keysStart

    /// The first h answer: the session's keys that act now ({keys}: the list of keys, ending with
    /// keysHelpAgain); the second: the review keys that act now ({review}: their entries above, joined by semicolons)
    ///
    /// English: "Keys: {keys}."
    case keysHelpSentence

    /// The second h answer: the review keys that act now. review: their entries (keysReview…), joined by
    /// semicolons.
    ///
    /// English: "To go back over what was said: {review}."
    case keysReviewSentence

    /// The second h answer while nothing has been said yet, so no review key has anything to go over
    ///
    /// English: "The review keys work once something has been said."
    case keysReviewNothingYet

    /// A key no command has (a letter, digit or symbol), said once however long it is held down.
    /// key: the key's name, as the review's character keys say it ("x", "0", "slash")
    ///
    /// English: "The {key} key does nothing here; h lists the keys."
    case keysUnknown

    /// A key that does nothing in this run says why not: in a video (no mode to switch to, or
    /// nothing for that key in the video's mode), or when --every-frame processes every frame
    ///
    /// English: "Not available for a video."
    case keysNotForVideo

    /// A key that does nothing in a run with --every-frame says why not (see keysNotForVideo).
    ///
    /// English: "Not available with --every-frame."
    case keysNotWithEveryFrame

    /// After "End of video." with someone at the terminal: the run waits for q
    ///
    /// English: "The video has ended; review keys work until you press q."
    case keysVideoEnded

    /// After the end of a recording, a key that acted while it played (more, less, pause) says why
    /// it no longer does
    ///
    /// English: "No longer available; the video has ended."
    case keysNoLongerAfterVideo

    // MARK: Services and documentation

    /// The man page: its title line's manual name, then its section titles
    ///
    /// English: "User Commands"
    case docUserCommands

    /// The man page's NAME section title; in capitals, as man pages write their titles.
    ///
    /// English: "NAME"
    case docName

    /// The man page's SYNOPSIS section title; in capitals, as man pages write their titles.
    ///
    /// English: "SYNOPSIS"
    case docSynopsis

    /// The man page's DESCRIPTION section title; in capitals, as man pages write their titles.
    ///
    /// English: "DESCRIPTION"
    case docDescriptionTitle

    /// The man page's COMMANDS section title; in capitals, as man pages write their titles.
    ///
    /// English: "COMMANDS"
    case docCommands

    /// The man page's EXIT STATUS section title; in capitals, as man pages write their titles.
    ///
    /// English: "EXIT STATUS"
    case docExitStatusTitle

    /// The man page's FILES section title; in capitals, as man pages write their titles.
    ///
    /// English: "FILES"
    case docFilesTitle

    /// The man page's ENVIRONMENT section title; in capitals, as man pages write their titles.
    ///
    /// English: "ENVIRONMENT"
    case docEnvironmentTitle

    /// The man page's EXAMPLES section title; in capitals, as man pages write their titles.
    ///
    /// English: "EXAMPLES"
    case docExamplesTitle

    /// The man page's SEE ALSO section title; in capitals, as man pages write their titles.
    ///
    /// English: "SEE ALSO"
    case docSeeAlso

    /// The placeholders of the man page's synopsis
    ///
    /// English: "subcommand"
    case docSubcommand

    /// A placeholder of the man page's synopsis, standing for a command's options.
    ///
    /// English: "options"
    case docOptions

    /// A placeholder of the man page's synopsis, standing for a command's arguments.
    ///
    /// English: "arguments"
    case docArguments

    /// The man page, under an option: its other spellings. names: them, as a list (-j).
    ///
    /// English: "Also spelled {names}."
    case docAlsoSpelled

    /// The man page, under an option: the values it allows. values: them, as a list.
    ///
    /// English: "Values: {values}."
    case docValues

    /// The man page, under an option: its default. value: the default, or a helpXDefault sentence.
    ///
    /// English: "Default: {value}."
    case docDefault

    /// The man page, under an option that must be given.
    ///
    /// English: "Required."
    case docRequired

    /// The man page's DESCRIPTION: what sensecam is and does, for someone who has not used it.
    ///
    /// English: "sensecam lets a blind or low-vision person point a USB camera at the world and hear what is there: objects in hedged sentences, printed pages and scene text read aloud, barcodes and QR codes, light and colour. It speaks through speech-dispatcher or writes to a braille display through BRLTTY, and works on a live camera, a recorded video, single images or whole folders. Each subcommand has its own options; options are not inherited from the tool to its subcommands. The root command takes only these:"
    case docDescription

    /// The man page's EXIT STATUS: what exit status 0 means.
    ///
    /// English: "Success."
    case docExitSuccess

    /// The man page's EXIT STATUS: what exit status 1 means.
    ///
    /// English: "A runtime failure, said in one sentence that names the fix (a camera that cannot be opened, a missing model)."
    case docExitFailure

    /// The man page's EXIT STATUS: what exit status 64 means.
    ///
    /// English: "A usage error: an unknown option, a missing argument or a value that is not allowed."
    case docExitUsage

    /// The man page's EXIT STATUS: what the status of a run whose speech or braille channel failed means.
    ///
    /// English: "The run finished, but speech-dispatcher failed (it did not answer, answered wrongly or closed the connection, at the start or during the run) or BRLTTY stopped during it, and narration went elsewhere."
    case docExitChannelLost

    /// The man page's EXIT STATUS: what the status of an unusable settings file means.
    ///
    /// English: "The settings file cannot be used; the message names the key and the fix."
    case docExitSettings

    /// Exit status 130 in the man page: Ctrl-C stopped the run.
    ///
    /// English: "Stopped with Ctrl-C (it says so); a batch's records so far are whole, and --resume goes on from them."
    case docExitInterrupted

    /// {example}: a JSON example; {keys}: each key with its option
    ///
    /// English: "The settings file (else ~/.config/sensecam/config.json): one JSON object such as {example}. Each key stands in for its option where the command line does not give it: {keys}."
    case docFileSettings

    /// The man page's FILES: the products database; the command and path stay as they are.
    ///
    /// English: "The local products database 'sensecam products import' builds (else ~/.local/share/sensecam/products.sqlite)."
    case docFileProducts

    /// The man page's FILES: the models' folder of an installed package.
    ///
    /// English: "The detector and scene-text models of an installed package; a build tree uses its Models/ folder."
    case docFileModels

    /// The man page's FILES: the sample images' folder of an installed package.
    ///
    /// English: "Sample images of an installed package, such as welcome-page.png."
    case docFileSamples

    /// The man page's ENVIRONMENT: what SENSECAM_MODEL does.
    ///
    /// English: "The YOLOX-Nano detector model to use instead of the installed one."
    case docEnvironmentModel

    /// The man page's ENVIRONMENT: what SENSECAM_SCENE_MODELS does.
    ///
    /// English: "The folder of the PP-OCR scene-text models, instead of ppocr/ beside the detector model."
    case docEnvironmentSceneModels

    /// The man page's ENVIRONMENT: what TESSDATA_PREFIX does; the path stays as it is.
    ///
    /// English: "The folder of Tesseract's language data (default /usr/share/tesseract-ocr/5/tessdata)."
    case docEnvironmentTessdata

    /// The man page's ENVIRONMENT: what XDG_CONFIG_HOME and XDG_DATA_HOME do.
    ///
    /// English: "Where the settings file and the products database are looked for."
    case docEnvironmentFolders

    /// The man page's ENVIRONMENT: what SPEECHD_ADDRESS does.
    ///
    /// English: "Read by speech-dispatcher's client library: the speech server to connect to."
    case docEnvironmentSpeech

    /// The man page's ENVIRONMENT: what BRLAPI_HOST does.
    ///
    /// English: "Read by BRLTTY's client library: the braille server to connect to."
    case docEnvironmentBraille

    /// The man page's EXAMPLES: the line above the example command `sensecam aware`.
    ///
    /// English: "Narrate what the camera sees; h lists the keys, q quits:"
    case docExampleAware

    /// The man page's EXAMPLES: the line above the example command `sensecam read`.
    ///
    /// English: "Read a page held up to the camera, or in an image:"
    case docExampleRead

    /// The man page's EXAMPLES: the line above the example command `sensecam batch`.
    ///
    /// English: "Describe every image in a folder as JSON Lines:"
    case docExampleBatch

    /// The man page's EXAMPLES: the line above the example command `sensecam scan`.
    ///
    /// English: "Scan a barcode and look it up in the local products database:"
    case docExampleScan

    // MARK: Modes and sessions

    /// What m says on arriving in each mode.
    ///
    /// English: "Awareness mode."
    case modeAwareness

    /// What m says on arriving in reading mode (pages).
    ///
    /// English: "Reading mode."
    case modeReading

    /// What m says on arriving in short text mode (signs, labels, screens).
    ///
    /// English: "Short text mode."
    case modeShortText

    /// What m says on arriving in scanning mode (barcodes and QR codes).
    ///
    /// English: "Scanning mode."
    case modeScanning

    /// What m says on arriving in light mode.
    ///
    /// English: "Light mode."
    case modeLight

    /// What m says on arriving in colour mode.
    ///
    /// English: "Colour mode."
    case modeColour

    /// A camera session's first sentence; {then}: the keys (keysStart) or sessionPressCtrlC.
    ///
    /// English: "Camera ready {width} by {height}. {then}"
    case sessionCameraReadySized

    /// A camera session's first sentence when the picture size is not known; then as in
    /// sessionCameraReadySized.
    ///
    /// English: "Camera ready. {then}"
    case sessionCameraReady

    /// After "Camera ready." ({then}) in a camera session without keys (not on a terminal).
    ///
    /// English: "Press Ctrl-C to stop."
    case sessionPressCtrlC

    /// The only sentence of a run the systemd unit started when the camera was plugged in.
    ///
    /// English: "Camera ready."
    case sessionServiceReady

    /// The caption track (--captions) could not be written. path: the file.
    ///
    /// English: "Cannot write captions to {path}; choose a folder you can write to."
    case sessionCannotWriteCaptions

    /// Said when Ctrl-C stops a run (a picture, a recording, the camera), before it ends.
    ///
    /// English: "Stopped."
    case sessionStopped
}
