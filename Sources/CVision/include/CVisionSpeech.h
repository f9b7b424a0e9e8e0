// SPDX-License-Identifier: GPL-3.0-or-later
// speech-dispatcher through the shim's own SSIP client, behind one opaque handle. Not libspeechd:
// it exits the whole process on a reply it does not expect ("050 …", a line too long), and waits
// for ever on one that does not come. Here a bad reply, like a late one, only breaks the connection.
#ifndef CVISION_SPEECH_H
#define CVISION_SPEECH_H

#include "CVision.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One connection to speech-dispatcher. Every function may be called from any thread; the
/// handle must not be used after CVision_speech_destroy.
typedef struct CVision_Speech CVision_Speech;

/// How long speech-dispatcher may take to answer one request (connecting, each text sent, each
/// setting, cancel) before it counts as hung: a server answers in milliseconds, even while it
/// speaks. A late request fails with CVision_ErrorNoAnswer and the connection is given up, so
/// the caller can speak elsewhere.
#define CVISION_SPEECH_ANSWER_SECONDS 3
/// How long a server started on demand (autospawn) may take to start and answer.
#define CVISION_SPEECH_START_SECONDS 5

/// speech-dispatcher's message priorities, with libspeechd's values (`SPD_IMPORTANT` … `SPD_PROGRESS`),
/// which the server logs ("Queueing message |…| with priority 1").
typedef enum CVision_SpeechPriority {
    /// `SPD_IMPORTANT`: said at once, cutting off anything else.
    CVision_SpeechImportant = 1,
    /// `SPD_MESSAGE`: queued, never cut off by text or notifications.
    CVision_SpeechMessage = 2,
    /// `SPD_TEXT`: replaced by newer text.
    CVision_SpeechText = 3,
    /// `SPD_NOTIFICATION`: dropped while anything else is spoken.
    CVision_SpeechNotification = 4,
    /// `SPD_PROGRESS`: for long-running work.
    CVision_SpeechProgress = 5,
} CVision_SpeechPriority;

/// Connects with end and cancel notifications on, so that CVision_speech_wait_until_done can tell
/// when what was queued has been said. `address` is "unix_socket:/path" or
/// "inet_socket:host:port", or NULL for the default (libspeechd's: $SPEECHD_ADDRESS, else
/// speech-dispatcher/speechd.sock in $XDG_RUNTIME_DIR). With `autospawn`, a server is started
/// when none runs, confined as CVision_speech_start_server says. CVision_ErrorNoAnswer when a
/// server took the connection but did not answer in time (CVISION_SPEECH_ANSWER_SECONDS, or
/// CVISION_SPEECH_START_SECONDS for one it started), or answered what is not SSIP;
/// CVision_ErrorNotRunning when nothing listens (and, with `autospawn`, none could be started);
/// CVision_ErrorBadAddress when `address` or $SPEECHD_ADDRESS is not valid; CVision_ErrorRefused
/// when the server refused what this program needs of it (its client id, end notifications).
CVision_Status CVision_speech_create(const char *client_name, const char *address, int autospawn,
                                     CVision_Speech **out, char *message, size_t message_capacity);

/// Makes sure a server runs at the default address, starting one when none does ("speech-dispatcher
/// --spawn", as libspeechd's autospawn; $SPEECHD_CMD names another program), and leaves no
/// connection or thread behind: a run does this before it sandboxes itself, since a server
/// started from inside the sandbox could not make its socket or logs. The server started gets
/// the sandbox's network rule all the same (only local sockets: no TCP or UDP), applied in its
/// process before exec, and keeps it for its life and its modules'; one that cannot be
/// confined is not started. 1 when a server answered, else 0: never later
/// than CVISION_SPEECH_START_SECONDS (a start that hangs is left behind, with a thread that
/// reaps it when it ends). A server that took
/// the connection and did not answer is remembered: the next CVision_speech_create to it (within
/// a minute) fails at once with CVision_ErrorNoAnswer rather than wait for it again.
int CVision_speech_start_server(const char *client_name);

/// Closes the connection (what is queued on the server is still said) and frees the handle
/// (NULL is ignored). No other call on the handle may be under way.
void CVision_speech_destroy(CVision_Speech *speech);

/// Queues `text` (UTF-8) at `priority`, so narration keeps speech-dispatcher's rules and
/// shares its queue with the screen reader; `*message_id` is the server's id for it, which
/// CVision_speech_is_unfinished takes. Fails when the server refused it or the connection is gone,
/// and with CVision_ErrorNoAnswer when the server did not answer in time (the connection is then
/// gone too); so do the cancel and the setters below. A reply that is not SSIP (a code outside
/// 1xx-5xx and 7xx events, a line over 4096 bytes, a reply cut short) breaks the connection.
CVision_Status CVision_speech_say(CVision_Speech *speech, const char *text, CVision_SpeechPriority priority,
                                  size_t *message_id, char *message, size_t message_capacity);

/// Silences this client at once: what is being said stops, what waits is dropped (other
/// clients, such as the screen reader, are untouched).
CVision_Status CVision_speech_cancel(CVision_Speech *speech, char *message, size_t message_capacity);

/// Sets this client's rate, -100 (slowest) to 100 (fastest), 0 the user's default; the
/// server otherwise uses its configured rate.
CVision_Status CVision_speech_set_rate(CVision_Speech *speech, int rate, char *message, size_t message_capacity);

/// Sets this client's voice language (an ISO 639-1 code such as "de"), so text in another
/// language is not read with the user's default voice.
CVision_Status CVision_speech_set_language(CVision_Speech *speech, const char *language, char *message,
                                           size_t message_capacity);

/// Has the server say some punctuation (what changes meaning, such as brackets) rather than
/// its configured level, so every user hears narration alike.
CVision_Status CVision_speech_set_punctuation_some(CVision_Speech *speech, char *message, size_t message_capacity);

/// Waits until every message said through this handle has ended or been cancelled, or for
/// at most `timeout_seconds`, so a program can let its last sentence finish before it
/// exits. Returns how many messages are still unfinished (0 when all are done); returns at
/// once when the connection has broken. While nothing ends for CVISION_SPEECH_ANSWER_SECONDS,
/// the server is asked whether it still answers (one speaking a long text does): one that does
/// not is a broken connection.
int CVision_speech_wait_until_done(CVision_Speech *speech, double timeout_seconds);

/// Asks the server something it answers at once, even while it speaks, within
/// CVISION_SPEECH_ANSWER_SECONDS: 1 when it answered; 0 when it did not, and the connection is
/// then given up. For a client waiting on one message's end, which a hung server never reports.
int CVision_speech_check_answers(CVision_Speech *speech);

/// 0 once the connection is gone (the server ended or a call failed), so a program can speak
/// elsewhere before it next has something to say; 1 while it is up. Never blocks.
int CVision_speech_is_connected(CVision_Speech *speech);

/// 1 while message `message_id` has been neither ended nor cancelled by the server: after the
/// connection is gone, what was lost with it, to be said again elsewhere.
int CVision_speech_is_unfinished(CVision_Speech *speech, size_t message_id);

#ifdef __cplusplus
}
#endif

#endif
