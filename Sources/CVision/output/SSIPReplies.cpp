// SPDX-License-Identifier: GPL-3.0-or-later
// Reading SSIP replies and events, and escaping the text of a SPEAK.
#include "output/SSIPReplies.hpp"

#include <cstdint>
#include <utility>

namespace cvision::ssip {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

}  // namespace

size_t Reply::number(size_t index) const {
    if (index >= lines.size() || lines[index].empty() || lines[index].size() > 18) return 0;
    size_t value = 0;
    for (const char c : lines[index]) {
        if (!is_digit(c)) return 0;
        value = value * 10 + static_cast<size_t>(c - '0');
    }
    return value;
}

bool ReplyReader::fail(const std::string &why) {
    if (problem_.empty()) problem_ = why;
    partial_.clear();
    partial_.shrink_to_fit();
    reply_ = Reply{};
    event_ = Reply{};
    return false;
}

bool ReplyReader::feed(const char *bytes, size_t count) {
    if (!problem_.empty()) return false;
    for (size_t i = 0; i < count; ++i) {
        if (bytes[i] != '\n') {
            // Bounded before it is stored: a line that never ends costs at most this much.
            if (partial_.size() >= max_line_bytes) return fail("a line longer than " + std::to_string(max_line_bytes) + " bytes");
            partial_.push_back(bytes[i]);
            continue;
        }
        std::string text;
        text.swap(partial_);
        if (!text.empty() && text.back() == '\r') text.pop_back();
        if (!line(std::move(text))) return false;
    }
    return true;
}

bool ReplyReader::line(std::string text) {
    if (text.size() < 4 || !is_digit(text[0]) || !is_digit(text[1]) || !is_digit(text[2]) || (text[3] != '-' && text[3] != ' '))
        return fail("a line that is not a reply (\"NNN-text\" or \"NNN text\")");
    const int code = (text[0] - '0') * 100 + (text[1] - '0') * 10 + (text[2] - '0');
    // SSIP answers with 1xx to 5xx and notifies with 7xx; 0xx, 6xx, 8xx and 9xx mean nothing.
    if (code < 100 || (code >= 600 && code < 700) || code >= 800) return fail("reply code " + text.substr(0, 3));
    // An event may come while a reply is being read: the two are gathered apart.
    Reply &into = code >= 700 ? event_ : reply_;
    if (!into.lines.empty() && into.code != code) return fail("a reply whose lines have different codes");
    if (into.lines.size() >= max_reply_lines) return fail("a reply of more than " + std::to_string(max_reply_lines) + " lines");
    into.code = code;
    into.lines.push_back(text.substr(4));
    if (text[3] == ' ') {
        done_.push_back(std::move(into));
        into = Reply{};
    }
    return true;
}

std::vector<Reply> ReplyReader::take() {
    std::vector<Reply> out;
    out.swap(done_);
    return out;
}

std::string speak_data(const std::string &text) {
    std::string data;
    data.reserve(text.size() + 8);
    // The server un-doubles a "." only at the start of the text and after CR-LF.
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '.' && (i == 0 || (i >= 2 && text[i - 2] == '\r' && text[i - 1] == '\n'))) data.push_back('.');
        data.push_back(text[i]);
    }
    data += "\r\n.\r\n";
    return data;
}

}  // namespace cvision::ssip
