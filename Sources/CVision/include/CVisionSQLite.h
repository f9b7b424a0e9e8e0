// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite 3 for the local products database: a thin, generic face (open, run, prepare, bind,
// step, read columns). The schema and every SQL statement live on the Swift side.
//
// A connection and its statements are used from one thread at a time. Text read from a row
// stays valid until the statement steps again, is reset or is destroyed.
#ifndef CVISION_SQLITE_H
#define CVISION_SQLITE_H

#include "CVision.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An open database file.
typedef struct CVision_SQLite CVision_SQLite;
/// A prepared statement of one connection.
typedef struct CVision_SQLiteStatement CVision_SQLiteStatement;

/// What one step of a statement gave.
typedef enum CVision_SQLiteStep {
    /// A row is ready to read.
    CVision_SQLiteRow = 0,
    /// The statement has run to its end.
    CVision_SQLiteDone = 1,
    /// It failed; CVision_sqlite_result_code says why.
    CVision_SQLiteError = 2,
} CVision_SQLiteStep;

/// Opens the database at `path` for reading and writing, creating the file when `create` is
/// non-zero (otherwise a missing file is an error). Waits for another connection's write lock
/// for up to `busy_milliseconds` rather than failing at once. On failure `result_code` is
/// SQLite's extended result code (SQLITE_CANTOPEN, SQLITE_NOTADB, ...) for the caller to word,
/// and the message holds SQLite's own text, a developer's detail.
CVision_Status CVision_sqlite_create(const char *path, int create, int busy_milliseconds, CVision_SQLite **out,
                                     int *result_code, char *message, size_t message_capacity);

/// SQLite's extended result code for the connection's last failed call (SQLITE_BUSY,
/// SQLITE_FULL, SQLITE_CORRUPT, ...), for the caller to word: every call below that fails
/// leaves only SQLite's own text, a developer's detail, in its message.
int CVision_sqlite_result_code(CVision_SQLite *database);

/// Closes the connection once its statements are destroyed (NULL is ignored).
void CVision_sqlite_destroy(CVision_SQLite *database);

/// Runs one or more statements that return no rows (schema, pragmas, BEGIN and COMMIT).
CVision_Status CVision_sqlite_exec(CVision_SQLite *database, const char *sql, char *message,
                                   size_t message_capacity);

/// Compiles one statement, to be bound and stepped many times.
CVision_Status CVision_sqlite_statement_create(CVision_SQLite *database, const char *sql,
                                               CVision_SQLiteStatement **out, char *message,
                                               size_t message_capacity);

/// Binds parameter `index` (from 1) to UTF-8 text of `length` bytes, copied by SQLite.
CVision_Status CVision_sqlite_bind_text(CVision_SQLiteStatement *statement, int index, const char *text,
                                        size_t length, char *message, size_t message_capacity);
/// Binds parameter `index` (from 1) to a whole number, or to NULL.
CVision_Status CVision_sqlite_bind_int64(CVision_SQLiteStatement *statement, int index, int64_t value,
                                         char *message, size_t message_capacity);
CVision_Status CVision_sqlite_bind_null(CVision_SQLiteStatement *statement, int index, char *message,
                                        size_t message_capacity);

/// Runs the statement to its next row or its end.
CVision_SQLiteStep CVision_sqlite_step(CVision_SQLiteStatement *statement, char *message, size_t message_capacity);

/// Column `column` (from 0) of the current row as UTF-8 text and its length in bytes, or NULL
/// when the value is NULL.
const char *CVision_sqlite_column_text(CVision_SQLiteStatement *statement, int column, size_t *length);
/// Column `column` of the current row as a whole number (0 for NULL).
int64_t CVision_sqlite_column_int64(CVision_SQLiteStatement *statement, int column);

/// Makes the statement ready to run again and clears its bindings.
void CVision_sqlite_reset(CVision_SQLiteStatement *statement);

/// Finalizes and frees the statement (NULL is ignored).
void CVision_sqlite_statement_destroy(CVision_SQLiteStatement *statement);

#ifdef __cplusplus
}
#endif

#endif
