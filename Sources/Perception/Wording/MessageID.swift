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

    // MARK: Products

    // MARK: Light and colour

    // MARK: Page framing, quality and text engines

    // MARK: Cameras

    // MARK: Image, video and model files

    // MARK: Batches, merges and progress

    // MARK: Benchmarks
    case benchToolLive
    case benchToolSoak
    case benchToolProducts
    case benchToolFrames
    case benchToolMinutes
    case benchToolRecording
    case benchToolRows
    case benchToolLookups
    case benchToolCommandLookups
    case benchToolSpeechOnly

    // MARK: The sandbox and the products database's storage

    // MARK: The command line: usage errors and runtime failures
    case batchErrorFieldsSayWhy
    case batchNoneIncluded
    case batchOtherFilesSkipped
    case batchEntriesPassedOver
    case batchWhatWasLeft
    case batchNothingFound
    case failureCannotWrite
    case failureCannotRead
    case batchCannotWriteSummary
    case mergeDone
    case benchCannotReadReport
    case benchNotAReport
    case benchCannotWrite
    case benchTheReport
    case benchTheChart
    case benchTheChartText
    case importResuming
    case importReplacingUnfinished
    case importDone
    case importAlreadyDone
    case checkCameraNoPicture
    case checkCameraWorks
    case checkCameraUnknownFormat
    case devicesNone
    case devicesCamera
    case devicesOffer
    case devicesUses
    case devicesRate
    case serviceNoFolder
    case serviceReloaded
    case serviceNoManager
    case serviceRuleMissing
    case serviceLinked
    case serviceWroteAndLinked
    case serviceLinkedToYours
    case serviceCannotSetUp
    case serviceEnabled
    case serviceCannotRemove
    case serviceWasNotEnabled
    case serviceDisabled
    case serviceStatusEnabled
    case serviceStatusDangling
    case serviceStatusDisabled
    case serviceStatusWrittenUnit
    case serviceStatusInstalledUnit
    case serviceStatusNoUnit
    case serviceStatusRule
    case serviceStatusUnknown
    case serviceStatusNotRunning
    case serviceStatusRunning
    case systemSentence
    case readingSceneModelMissing

    case usageErrorLine
    case usageUsageLine
    case usageSeeHelp
    case usageUnknownOption
    case usageDidYouMean
    case usageUnknownSubcommand
    case usageMissingSubcommand
    case usageMissingValue
    case usageFlagGivenValue
    case usageMissingArgument
    case usageUnexpectedArgument
    case usageNotAllowed
    case usageInvalidValue
    case usageOnlyWithVideo
    case usageCameraOnly
    case usageResumeNeedsOut
    case usageModelOnlyRefuses
    case usageOnlyModelOnly
    case usageInputSizeAwareOnly
    case usageOneInputSize
    case usageEveryFrameOrRealtime
    case usageShortNotPicture
    case usageEngineOnlyPicture
    case usageAwarenessOnly
    case usageNotABarcode
    case expectedNumber
    case expectedWholeNumber
    case expectedNumberOfDegrees
    case expectedFromTo
    case expectedAtLeast
    case expectedAtMost
    case expectedOneOf
    case expectedText
    case expectedInputSize
    case expectedLanguage
    case expectedDevicePath
    case expectedFrameSize
    case expectedCaptionFile
    case expectedChannels
    case expectedGlob
    case expectedShard
    case settingsNotJSON
    case settingsAtLine
    case settingsNotAnObject
    case settingsUnknownKey
    case settingsBadValue

    // MARK: Help: commands, arguments and options

    case helpAware
    case helpAwareImage
    case helpBatchMode
    case helpBatchOut
    case helpBatchResume
    case helpBatchJobs
    case helpBatchEvery
    case helpBatchInclude
    case helpBatchExclude
    case helpBatchShard
    case helpBatchSummary
    case helpBatchProgress
    case helpBatch
    case helpBatchPath
    case helpBenchDiscussion
    case helpBenchVideo
    case helpBenchMode
    case helpBenchReport
    case helpBenchEveryFrame
    case helpBenchRealtime
    case helpBenchFrames
    case helpBenchChart
    case helpBenchCompare
    case helpBench
    case helpCheckCameraFrames
    case helpCheckCameraTimeout
    case helpCheckCameraOutput
    case helpCheckCamera
    case helpColourDiscussion
    case helpColour
    case helpDevices
    case helpDevicesDiscussion
    case helpGenerateDocs
    case helpGenerateDocsFormat
    case helpLightDiscussion
    case helpLight
    case helpMergeOut
    case helpMerge
    case helpMergeDiscussion
    case helpMergeFile
    case helpModelOnly
    case helpBenchLayers
    case helpProducts
    case helpProductsDiscussion
    case helpProductsImportProgress
    case helpProductsImport
    case helpProductsImportDiscussion
    case helpProductsImportFile
    case helpProductsLookup
    case helpProductsLookupDiscussion
    case helpProductsLookupCode
    case helpReadDiscussion
    case helpShort
    case helpRead
    case helpReadImage
    case helpScanDiscussion
    case helpShowPassword
    case helpScan
    case helpScanImage
    case helpService
    case helpServiceDiscussion
    case helpServiceDisable
    case helpServiceDisableDiscussion
    case helpServiceEnable
    case helpServiceEnableDiscussion
    case helpServiceStatus
    case helpMeasureImage
    case helpSensecam
    case helpMaxMegapixels
    case helpVideo
    case helpEveryFrame
    case helpCaptions
    case helpCamera
    case helpSize
    case helpFps
    case helpStats
    case helpMinConfidence
    case helpModel
    case helpHfov
    case helpInputSize
    case helpVerbosity
    case helpDescribeEvery
    case helpReturnAfter
    case helpJSON
    case helpProfile
    case helpVoiceRate
    case helpProductsDatabase
    case helpLanguage
    case helpEngine
    case helpOcrModel
    case helpAwareDiscussion
    case helpBatchDiscussion
    case helpBenchInputSize
    case helpBenchForwards
    case helpBenchImage
    case helpOutput
    case helpAwareVideo
    case helpReadVideo
    case helpScanVideo
    case helpOptionHelp
    case helpOptionVersion
    case helpOverviewLabel
    case helpUsageLabel
    case helpArgumentsLabel
    case helpOptionsLabel
    case helpSubcommandsLabel
    case helpDefaultSubcommand
    case helpSeeSubcommandHelp
    case helpAllowedValues
    case helpDefaultValue

    // MARK: Keys

    case keysRepeat
    case keysDescribe
    case keysRead
    case keysSwitchMode
    case keysVerbosity
    case keysPause
    case keysQuit
    case keysHelp
    case keysReviewLines
    case keysReviewWords
    case keysReviewSpell
    case keysReviewUtterances
    case keysReviewReadOn
    case keysStart
    case keysHelpSentence

    // MARK: Services and documentation

    case docUserCommands
    case docName
    case docSynopsis
    case docDescriptionTitle
    case docCommands
    case docExitStatusTitle
    case docFilesTitle
    case docEnvironmentTitle
    case docExamplesTitle
    case docSeeAlso
    case docSubcommand
    case docOptions
    case docArguments
    case docAlsoSpelled
    case docValues
    case docDefault
    case docRequired
    case docDescription
    case docExitSuccess
    case docExitFailure
    case docExitUsage
    case docExitChannelLost
    case docExitSettings
    case docFileSettings
    case docFileProducts
    case docFileModels
    case docFileSamples
    case docEnvironmentModel
    case docEnvironmentSceneModels
    case docEnvironmentTessdata
    case docEnvironmentFolders
    case docEnvironmentSpeech
    case docEnvironmentBraille
    case docExampleAware
    case docExampleRead
    case docExampleBatch
    case docExampleScan

    // MARK: Modes and sessions
    case modeAwareness
    case modeReading
    case modeShortText
    case modeScanning
    case modeLight
    case modeColour
    case sessionCameraReadySized
    case sessionCameraReady
    case sessionPressCtrlC
    case sessionServiceReady
    case sessionCannotWriteCaptions
}
