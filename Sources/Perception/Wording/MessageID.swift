/// Every message sensecam can say, print or show, by the id its catalogs know it by (the
/// case's name). The words are in the catalogs (`Sources/Catalogs/*.po`), never here; a test
/// checks that each id has its English words, and that each is used.
public enum MessageID: String, Sendable, CaseIterable {
    // MARK: How the language writes numbers and lists
    case numberSpellout
    case numberGroupSeparator
    case numberDecimalSeparator
    case listTwo
    case listStart
    case listMiddle
    case listEnd

    // MARK: Objects: hedges, counts, nouns, places, distances
    case objectsHedge
    case objectsHedgeInSummary
    case objectsSentence
    case objectsSentenceNews
    case objectsTerse
    case objectsTerseNews
    case objectsCount
    case objectsMore
    case objectsGroupOf
    case objectsTerseGroupOf
    case objectsAbout
    case objectsAboutDigits
    case objectsAndPossiblyMore
    case objectsAndPossiblyCountMore
    case objectsTerseAndMaybeMore
    case objectsTerseAndMaybeCountMore
    case objectsInRow
    case objectsPlaceAt
    case objectsPlaceMostly
    case objectsPlaceSpan
    case objectsTersePlaceAt
    case objectsTersePlaceMostly
    case objectsTersePlaceSpan
    case objectsDetails
    case objectsDetailsWithoutDistance
    case objectsDistanceHalfMetre
    case objectsDistanceAbout
    case objectsDistanceUnknown
    case objectsSummaryItem
    case objectsSummary
    case objectsSummaryJoin
    case objectsSummaryJoinDetailed
    case objectsOtherObjects
    case objectsNothingConfident
    case hazardApproaching
    case hazardPossiblyApproaching
    case hazardTerse
    case objectNounUnknown
    case objectNounPerson
    case objectNounBicycle
    case objectNounCar
    case objectNounMotorcycle
    case objectNounAirplane
    case objectNounBus
    case objectNounTrain
    case objectNounTruck
    case objectNounBoat
    case objectNounTrafficLight
    case objectNounFireHydrant
    case objectNounStopSign
    case objectNounParkingMeter
    case objectNounBench
    case objectNounBird
    case objectNounCat
    case objectNounDog
    case objectNounHorse
    case objectNounSheep
    case objectNounCow
    case objectNounElephant
    case objectNounBear
    case objectNounZebra
    case objectNounGiraffe
    case objectNounBackpack
    case objectNounUmbrella
    case objectNounHandbag
    case objectNounTie
    case objectNounSuitcase
    case objectNounFrisbee
    case objectNounSkis
    case objectNounSnowboard
    case objectNounSportsBall
    case objectNounKite
    case objectNounBaseballBat
    case objectNounBaseballGlove
    case objectNounSkateboard
    case objectNounSurfboard
    case objectNounTennisRacket
    case objectNounBottle
    case objectNounWineGlass
    case objectNounCup
    case objectNounFork
    case objectNounKnife
    case objectNounSpoon
    case objectNounBowl
    case objectNounBanana
    case objectNounApple
    case objectNounSandwich
    case objectNounOrange
    case objectNounBroccoli
    case objectNounCarrot
    case objectNounHotDog
    case objectNounPizza
    case objectNounDonut
    case objectNounCake
    case objectNounChair
    case objectNounCouch
    case objectNounPottedPlant
    case objectNounBed
    case objectNounDiningTable
    case objectNounToilet
    case objectNounTV
    case objectNounLaptop
    case objectNounMouse
    case objectNounRemote
    case objectNounKeyboard
    case objectNounCellPhone
    case objectNounMicrowave
    case objectNounOven
    case objectNounToaster
    case objectNounSink
    case objectNounRefrigerator
    case objectNounBook
    case objectNounClock
    case objectNounVase
    case objectNounScissors
    case objectNounTeddyBear
    case objectNounHairDrier
    case objectNounToothbrush

    // MARK: Awareness and the live session: modes, verbosity, pause, repeat, signs
    case awarenessShortDescriptions
    case awarenessNormalDescriptions
    case awarenessDetailedDescriptions
    case signsPossiblySign
    case signsMoreText
    case sessionAwarenessMode
    case sessionReadingMode
    case sessionShortTextMode
    case sessionScanningMode
    case sessionLightMode
    case sessionColourMode
    case sessionPaused
    case sessionResumed
    case sessionNothingSaidYet
    case sessionNoPictureYet
    case sessionEndOfVideo

    // MARK: Reading aloud: lines, unclear words, pages
    case readingNoReadableText
    case readingOnlyUnclearText
    case readingUnclearMarker
    case readingEnd
    case readingEndWithUnclearWords

    // MARK: Speech, braille, cues and channels
    case speechSymbol
    case speechUnit
    case speechDimensionBy
    case speechAbbreviations
    case speechSynthesizerClosed
    case speechCannotWriteWAV
    case speechDispatcherRefusedRate
    case speechDispatcherRefusedLanguage
    case speechDispatcherRefusedPunctuation
    case speechDispatcherStopped
    case brailleObjectsAt
    case brailleObjectsMostly
    case brailleObjectsSpan
    case brailleDistance
    case brailleNoDisplay
    case brailleNotTaken
    case brailleStoppedShowing
    case brailleStoppedAnswering
    case channelLibrarySaid
    case channelNoneOpened
    case channelStopped
    case channelStoppedOthersFailed
    case channelBack
    case channelSummary

    // MARK: Review keys' answers
    case reviewTop
    case reviewBottom
    case reviewNoReading
    case reviewNothingSaid
    case reviewCapitalLetter
    case reviewSymbol

    // MARK: Codes and aiming

    // MARK: Products

    // MARK: Light and colour

    // MARK: Page framing, quality and text engines

    // MARK: Cameras

    // MARK: Image, video and model files

    // MARK: Batches, merges and progress

    // MARK: Benchmarks

    // MARK: The sandbox and the products database's storage

    // MARK: The command line: usage errors and runtime failures

    // MARK: Help: commands, arguments and options

    // MARK: Keys

    // MARK: Services and documentation
}
