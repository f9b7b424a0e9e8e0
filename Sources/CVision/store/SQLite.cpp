// SPDX-License-Identifier: GPL-3.0-or-later
// SQLite for the Swift side: connections, statements, and their failures as SQLite's result
// codes, which the Swift side words; SQLite's own text is only a developer's detail.
#include "support/ShimSupport.hpp"

#include <sqlite3.h>

#include <string>

struct CVision_SQLite {
    sqlite3 *handle = nullptr;
};

struct CVision_SQLiteStatement {
    sqlite3_stmt *handle = nullptr;
};

using cvision::write_message;

namespace {
/// SQLite's own text for the connection's last failure ("database is locked"), for a
/// developer; the caller reads the result code with CVision_sqlite_result_code.
CVision_Status failure(sqlite3 *database, char *message, size_t capacity) {
    if (database != nullptr) write_message(message, capacity, sqlite3_errmsg(database));
    return CVision_ErrorInternal;
}

CVision_Status bound(int result, sqlite3_stmt *statement, char *message, size_t capacity) {
    return result == SQLITE_OK ? CVision_OK : failure(sqlite3_db_handle(statement), message, capacity);
}
}  // namespace

CVision_Status CVision_sqlite_create(const char *path, int create, int busy_milliseconds, CVision_SQLite **out,
                                     int *result_code, char *message, size_t capacity) {
    *out = nullptr;
    *result_code = SQLITE_OK;
    sqlite3 *handle = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | (create != 0 ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &handle, flags, nullptr) != SQLITE_OK) {
        // Without a handle SQLite could not even allocate one.
        *result_code = handle != nullptr ? sqlite3_extended_errcode(handle) : SQLITE_NOMEM;
        failure(handle, message, capacity);
        sqlite3_close(handle);  // a handle is returned even on failure, except when out of memory
        return CVision_ErrorInternal;
    }
    sqlite3_busy_timeout(handle, busy_milliseconds);
    *out = new CVision_SQLite{handle};
    return CVision_OK;
}

int CVision_sqlite_result_code(CVision_SQLite *database) {
    return sqlite3_extended_errcode(database->handle);
}

void CVision_sqlite_destroy(CVision_SQLite *database) {
    if (database == nullptr) return;
    sqlite3_close(database->handle);
    delete database;
}

CVision_Status CVision_sqlite_exec(CVision_SQLite *database, const char *sql, char *message, size_t capacity) {
    char *error = nullptr;
    if (sqlite3_exec(database->handle, sql, nullptr, nullptr, &error) == SQLITE_OK) return CVision_OK;
    write_message(message, capacity, error != nullptr ? error : sqlite3_errmsg(database->handle));
    sqlite3_free(error);
    return CVision_ErrorInternal;
}

CVision_Status CVision_sqlite_statement_create(CVision_SQLite *database, const char *sql,
                                               CVision_SQLiteStatement **out, char *message, size_t capacity) {
    *out = nullptr;
    sqlite3_stmt *handle = nullptr;
    if (sqlite3_prepare_v2(database->handle, sql, -1, &handle, nullptr) != SQLITE_OK) {
        return failure(database->handle, message, capacity);
    }
    *out = new CVision_SQLiteStatement{handle};
    return CVision_OK;
}

CVision_Status CVision_sqlite_bind_text(CVision_SQLiteStatement *statement, int index, const char *text,
                                        size_t length, char *message, size_t capacity) {
    return bound(sqlite3_bind_text64(statement->handle, index, text, length, SQLITE_TRANSIENT, SQLITE_UTF8),
                 statement->handle, message, capacity);
}

CVision_Status CVision_sqlite_bind_int64(CVision_SQLiteStatement *statement, int index, int64_t value,
                                         char *message, size_t capacity) {
    return bound(sqlite3_bind_int64(statement->handle, index, value), statement->handle, message, capacity);
}

CVision_Status CVision_sqlite_bind_null(CVision_SQLiteStatement *statement, int index, char *message,
                                        size_t capacity) {
    return bound(sqlite3_bind_null(statement->handle, index), statement->handle, message, capacity);
}

CVision_SQLiteStep CVision_sqlite_step(CVision_SQLiteStatement *statement, char *message, size_t capacity) {
    switch (sqlite3_step(statement->handle)) {
    case SQLITE_ROW: return CVision_SQLiteRow;
    case SQLITE_DONE: return CVision_SQLiteDone;
    default:
        failure(sqlite3_db_handle(statement->handle), message, capacity);
        return CVision_SQLiteError;
    }
}

const char *CVision_sqlite_column_text(CVision_SQLiteStatement *statement, int column, size_t *length) {
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(statement->handle, column));
    // The length is asked after the text, as SQLite's documentation requires.
    *length = text != nullptr ? size_t(sqlite3_column_bytes(statement->handle, column)) : 0;
    return text;
}

int64_t CVision_sqlite_column_int64(CVision_SQLiteStatement *statement, int column) {
    return sqlite3_column_int64(statement->handle, column);
}

void CVision_sqlite_reset(CVision_SQLiteStatement *statement) {
    sqlite3_reset(statement->handle);
    sqlite3_clear_bindings(statement->handle);
}

void CVision_sqlite_statement_destroy(CVision_SQLiteStatement *statement) {
    if (statement == nullptr) return;
    sqlite3_finalize(statement->handle);
    delete statement;
}
