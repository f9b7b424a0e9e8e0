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

    // MARK: Awareness and the live session: modes, verbosity, pause, repeat, signs

    // MARK: Reading aloud: lines, unclear words, pages

    // MARK: Speech, braille, cues and channels

    // MARK: Review keys' answers

    // MARK: Codes and aiming
    case codeFormatEan8
    case codeFormatEan13
    case codeFormatUpcA
    case codeFormatUpcE
    case codeFormatCode128
    case codeFormatCode39
    case codeFormatItf
    case codeFormatQr
    case codeFormatDataMatrix
    case codeFormatPdf417
    case codeFormatAztec
    case codeNumber
    case codeWebLink
    case codeAddressDot
    case codeAddressSlash
    case codeWifiNetwork
    case codeContact
    case codeContactName
    case codeContactPhone
    case codeContactEmail
    case codeEvent
    case codeEventSummary
    case codeEventDay
    case codeEventDayAndTime
    case codeEventLocation
    case codeMonth
    case codeEmail
    case codePhone
    case codeText
    case codeOpaque
    case codeNoneRead
    case codeSearchFailed
    case codeAimSide
    case codeAimTooClose
    case codeAimCloser

    // MARK: Products
    case productProbably
    case productWithoutName
    case productAllergens
    case productNotInDatabase
    case productNotFound
    case productQuantityTimes
    case productUnitGram
    case productUnitKilogram
    case productUnitMilligram
    case productUnitMillilitre
    case productUnitCentilitre
    case productUnitDecilitre
    case productUnitLitre
    case productUnitFluidOunce
    case productUnitOunce
    case productUnitPound
    case productDatabaseMissing
    case productDatabaseWrongFile
    case productDatabaseFolderNotMade
    case productDatabaseFailed
    case productImportUnreadable
    case productImportNotAnExport

    // MARK: Light and colour
    case lightLevel
    case lightLevelFrom
    case colourAlone
    case colourMostlyWith
    case colourMixed
    case colourTooDark
    case colourBlack
    case colourWhite
    case colourDarkGrey
    case colourGrey
    case colourLightGrey
    case colourRed
    case colourDarkRed
    case colourPink
    case colourLightPink
    case colourDarkPink
    case colourOrange
    case colourLightOrange
    case colourBrown
    case colourDarkBrown
    case colourLightBrown
    case colourBeige
    case colourYellow
    case colourLightYellow
    case colourDarkYellow
    case colourOlive
    case colourGreen
    case colourLightGreen
    case colourDarkGreen
    case colourTeal
    case colourTurquoise
    case colourBlue
    case colourLightBlue
    case colourDarkBlue
    case colourPurple
    case colourLightPurple
    case colourDarkPurple

    // MARK: Page framing, quality and text engines
    case framingTooDark
    case framingTooBright
    case framingNoPage
    case framingMoveCloser
    case framingHoldSteady
    case framingEdgeCutOff
    case framingCornerCutOff
    case framingEdge
    case framingEdgesCutOffMoveBack
    case pageFoundReading
    case ocrLanguageMissing
    case ocrEngineFailed
    case sceneTextModelMissing
    case sceneTextModelDamaged
    case sceneTextFailed

    // MARK: Cameras
    case cameraNotFoundNoOther
    case cameraNotFound
    case cameraNone
    case cameraBusy
    case cameraPermissionDenied
    case cameraNotACamera
    case cameraNoUsableFormat
    case cameraWasDisconnected
    case cameraFailed
    case cameraSendingAgain
    case cameraStalled
    case cameraFramesDamaged
    case cameraDisconnected
    case cameraRestarting
    case cameraReconnected
    case cameraAnySize

    // MARK: Image, video and model files
    case modelNotFound
    case modelNotFoundAnywhere
    case modelDamaged
    case modelNotYOLOX
    case modelWrongShape
    case fileNotFound
    case imageIsFolder
    case imageUnreadable
    case imageFolderUnlistable
    case imageEmpty
    case imageTruncated
    case imageDamaged
    case imageUndecodable
    case imageTooSmall
    case imageNotRegularFile
    case imageTooManyPixels
    case imageFileTooLarge
    case imagePixels
    case imagePixelsTenths
    case imageNotMeasured
    case videoUnreadable
    case videoTooManyPixels
    case videoDamaged

    // MARK: Batches, merges and progress
    case batchComplete
    case batchImageCount
    case batchVideoCount
    case batchPassedOverSpecialFiles
    case batchPassedOverBrokenLinks
    case batchPassedOverFolderLinks
    case batchPassedOverUnreadable
    case batchPassedOverHidden
    case batchPatternExpected
    case batchShardExpected
    case batchShardInvalid
    case batchResumeNotRecords
    case batchResumeUnreadable
    case batchResumeUnwritable
    case mergeDifferentRecords
    case mergeFrameOf
    case mergeVideoUnfinished
    case mergeNotJSON
    case mergeNoSource
    case mergeFrameNotWhole
    case progressUnit
    case progressLine
    case progressLineTimeLeft
    case progressRedrawn
    case progressRedrawnRate
    case progressAboutSeconds
    case progressAboutMinutes
    case progressAboutHours
    case progressAboutSecondsShort
    case progressAboutMinutesShort
    case progressAboutHoursShort

    // MARK: Benchmarks
    case statsFrames
    case statsLatency
    case benchStepDecode
    case benchStepPreprocess
    case benchStepInference
    case benchStepPostprocess
    case benchStepPageFinding
    case benchStepOCR
    case benchStepTracking
    case benchStepNarration
    case benchEndToEnd
    case benchMilliseconds
    case benchRun
    case benchThroughput
    case benchEndToEndLatency
    case benchStepTime
    case benchStepMedians
    case benchFirstNarration
    case benchNothingNarrated
    case benchCPU
    case benchMachine
    case benchModelSize
    case benchModelPicture
    case benchModelRun
    case benchFigure
    case benchFigureValues
    case benchCompareRatio
    case benchCompareNoRatio
    case benchCompareOtherVideo
    case benchCompareOtherMode
    case benchCompareOtherClock
    case benchCompareDifferentWork
    case benchChartTitle
    case benchChartTitleSentence
    case benchChartStepsIntroduction
    case benchChartStep
    case benchChartLatencyHeading
    case benchChartTimeAxis
    case benchChartLatencyAxis
    case benchChartNoFrames
    case benchChartNoTimeline
    case benchChartTimeline
    case benchChartStepsHeading
    case benchChartBarTitle
    case benchChartBarValues
    case benchChartMillisecondsAxis

    // MARK: The sandbox and the products database's storage
    case storeFileCannotOpen
    case storeFileTruncated
    case storeFileCorrupt
    case storeFileUnreadable
    case storeSQLiteOpen
    case storeSQLiteReadImportProgress
    case storeSQLiteRecordImportProgress
    case storeSQLiteLookUpCode
    case storeSQLiteReadSchemaVersion
    case storeSQLiteReadSchema
    case storeSQLiteUseWriteAheadLog
    case storeSQLiteCreateTables
    case storeSQLiteSetSyncMode
    case storeSQLiteCountProducts
    case storeSQLiteWriteDatabase
    case storeSQLiteAddProduct
    case storeSQLiteStartTransaction
    case storeSQLiteCommitTransaction
    case storeSQLiteCommitLastTransaction
    case storeSQLiteRollBack
    case sandboxOn
    case sandboxNot
    case sandboxThreadsOutside

    // MARK: The command line: usage errors and runtime failures

    // MARK: Help: commands, arguments and options

    // MARK: Keys

    // MARK: Services and documentation
}
