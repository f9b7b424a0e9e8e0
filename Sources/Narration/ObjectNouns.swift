// SPDX-License-Identifier: GPL-3.0-or-later
import Words

/// A class name made speakable: its forms — one with its article ("a person"), several ("people"),
/// bare ("person", where a count or "another" takes the article's place) and one more ("another
/// person") — from the catalog, one entry a COCO class (`objectNounPerson` …), so each language
/// brings its own articles, plurals and genders. Labels come from the COCO list only; a label the
/// catalog has no entry for is said through `objectNounUnknown`, which names it as it is.
public struct ObjectNoun: Sendable {
    /// The label in spoken form (lower case, single spaces).
    public let label: String
    private let wording: Wording

    /// The forms a noun's entry selects by (its `form` argument). A language whose words agree
    /// with the noun adds a `gender` case, which sentences naming the noun receive as `{gender}`;
    /// one that needs it a `definite` case (the noun with its definite article, for French, whose
    /// article cannot be chosen by gender alone: "la tasse", "l'horloge").
    package enum Form: String {
        case one, many, bare, name, definite, another, gender
    }

    public init(label: String, wording: Wording) {
        self.label = Self.normalized(label)
        self.wording = wording
    }

    /// The catalog's entry for the label; nil for a label outside the COCO list.
    var id: MessageID? { Self.ids[label] }

    /// The noun in `form`, to be nested in a sentence; `count` is how many it speaks of (a
    /// language may choose its plural by it).
    func message(_ form: Form, count: Int = 1) -> Message {
        Message(id ?? .objectNounUnknown, ["form": .text(form.rawValue), "count": .integer(count), "label": .text(label)])
    }

    package func argument(_ form: Form, count: Int = 1) -> MessageArgument {
        .message(message(form, count: count))
    }

    /// One of them with its article: "a dog", "an umbrella", "a pair of scissors".
    public var one: String { wording(message(.one)) }
    /// Several of them, to follow a number: "dogs", "pairs of scissors".
    public var many: String { wording(message(.many, count: 2)) }
    /// The singular without its article: "person", "TV", "pair of scissors", "broccoli".
    public var bare: String { wording(message(.bare)) }
    /// The kind's name as a list of kinds says it and a user types it: "person" (French's bare
    /// form is "quelqu'un", which a list cannot say).
    public var name: String { wording(message(.name)) }
    /// One more of them: "another dog"; for a mass noun, "more broccoli".
    public var another: String { wording(message(.another)) }

    /// "a dog" for one, "three dogs" for three.
    public func phrase(count: Int) -> String {
        count == 1 ? one : wording(.objectsCount, ["number": .text(wording.spelled(count)), "count": .integer(count),
                                                   "objects": argument(.many, count: count)])
    }

    /// Labels compared and spoken in one form: lower case, words split by single spaces.
    static func normalized(_ label: String) -> String {
        label.split { $0.isWhitespace || $0 == "_" }
            .joined(separator: " ")
            .lowercased()
    }

    /// Each COCO label's entry (`COCOClasses.names`).
    static let ids: [String: MessageID] = [
        "person": .objectNounPerson, "bicycle": .objectNounBicycle, "car": .objectNounCar,
        "motorcycle": .objectNounMotorcycle, "airplane": .objectNounAirplane, "bus": .objectNounBus,
        "train": .objectNounTrain, "truck": .objectNounTruck, "boat": .objectNounBoat,
        "traffic light": .objectNounTrafficLight, "fire hydrant": .objectNounFireHydrant,
        "stop sign": .objectNounStopSign, "parking meter": .objectNounParkingMeter, "bench": .objectNounBench,
        "bird": .objectNounBird, "cat": .objectNounCat, "dog": .objectNounDog, "horse": .objectNounHorse,
        "sheep": .objectNounSheep, "cow": .objectNounCow, "elephant": .objectNounElephant, "bear": .objectNounBear,
        "zebra": .objectNounZebra, "giraffe": .objectNounGiraffe, "backpack": .objectNounBackpack,
        "umbrella": .objectNounUmbrella, "handbag": .objectNounHandbag, "tie": .objectNounTie,
        "suitcase": .objectNounSuitcase, "frisbee": .objectNounFrisbee, "skis": .objectNounSkis,
        "snowboard": .objectNounSnowboard, "sports ball": .objectNounSportsBall, "kite": .objectNounKite,
        "baseball bat": .objectNounBaseballBat, "baseball glove": .objectNounBaseballGlove,
        "skateboard": .objectNounSkateboard, "surfboard": .objectNounSurfboard,
        "tennis racket": .objectNounTennisRacket, "bottle": .objectNounBottle, "wine glass": .objectNounWineGlass,
        "cup": .objectNounCup, "fork": .objectNounFork, "knife": .objectNounKnife, "spoon": .objectNounSpoon,
        "bowl": .objectNounBowl, "banana": .objectNounBanana, "apple": .objectNounApple,
        "sandwich": .objectNounSandwich, "orange": .objectNounOrange, "broccoli": .objectNounBroccoli,
        "carrot": .objectNounCarrot, "hot dog": .objectNounHotDog, "pizza": .objectNounPizza,
        "donut": .objectNounDonut, "cake": .objectNounCake, "chair": .objectNounChair, "couch": .objectNounCouch,
        "potted plant": .objectNounPottedPlant, "bed": .objectNounBed, "dining table": .objectNounDiningTable,
        "toilet": .objectNounToilet, "tv": .objectNounTV, "laptop": .objectNounLaptop, "mouse": .objectNounMouse,
        "remote": .objectNounRemote, "keyboard": .objectNounKeyboard, "cell phone": .objectNounCellPhone,
        "microwave": .objectNounMicrowave, "oven": .objectNounOven, "toaster": .objectNounToaster,
        "sink": .objectNounSink, "refrigerator": .objectNounRefrigerator, "book": .objectNounBook,
        "clock": .objectNounClock, "vase": .objectNounVase, "scissors": .objectNounScissors,
        "teddy bear": .objectNounTeddyBear, "hair drier": .objectNounHairDrier, "toothbrush": .objectNounToothbrush,
    ]
}
