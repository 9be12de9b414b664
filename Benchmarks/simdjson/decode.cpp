// The reference for payload decoding in docs/performance.md: simdjson's On-Demand API decoding the payload the
// Swift benchmark decodes (Zikr's `pora_completed`, 224 bytes) into an equal struct, its date parsed to seconds.
// Built and run by Benchmarks/run.py when Debian's libsimdjson-dev is installed:
//
//     g++ -O3 -std=c++17 decode.cpp -lsimdjson -o decode && ./decode 200000
//
// Prints payloads decoded per second, the best of five rounds, as the Swift benchmark measures.
#include <simdjson.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

static const char payload_text[] =
    R"({"bookingId":"b-4821","poraId":"p-17","poraName":"Juz 17","groupId":"g-family","groupName":"Family circle","userId":"u-2291","userName":"Aisha","totalFinished":12,"hatmCompleted":false,"timestamp":"2025-01-31T09:30:00.123Z"})";

struct PoraCompleted {
    std::string bookingId, poraId, poraName, groupId, groupName, userId, userName;
    int64_t totalFinished;
    bool hatmCompleted;
    double timestamp;
};

static int digits(std::string_view text, size_t at, size_t count) {
    int value = 0;
    for (size_t i = at; i < at + count; i++) {
        if (text[i] < '0' || text[i] > '9') throw std::runtime_error("date");
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

// `YYYY-MM-DDTHH:MM:SS.mmmZ` to seconds since 1970 (days from civil, as the Swift runtime's parser does).
static double iso8601(std::string_view text) {
    if (text.size() != 24 || text[23] != 'Z') throw std::runtime_error("date");
    int y = digits(text, 0, 4), m = digits(text, 5, 2), d = digits(text, 8, 2);
    int hh = digits(text, 11, 2), mm = digits(text, 14, 2), ss = digits(text, 17, 2), ms = digits(text, 20, 3);
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const long days = era * 146097L + static_cast<long>(doe) - 719468;
    return days * 86400.0 + hh * 3600 + mm * 60 + ss + ms / 1000.0;
}

int main(int argc, char** argv) {
    const long iterations = argc > 1 ? std::atol(argv[1]) : 200000;
    simdjson::padded_string json(payload_text, sizeof(payload_text) - 1);
    simdjson::ondemand::parser parser;
    volatile long checksum = 0;
    double best = 1e9;
    for (int round = 0; round < 5; round++) {
        auto start = std::chrono::steady_clock::now();
        for (long i = 0; i < iterations; i++) {
            auto document = parser.iterate(json);
            auto object = document.get_object();
            PoraCompleted value;
            value.bookingId = std::string(std::string_view(object["bookingId"]));
            value.poraId = std::string(std::string_view(object["poraId"]));
            value.poraName = std::string(std::string_view(object["poraName"]));
            value.groupId = std::string(std::string_view(object["groupId"]));
            value.groupName = std::string(std::string_view(object["groupName"]));
            value.userId = std::string(std::string_view(object["userId"]));
            value.userName = std::string(std::string_view(object["userName"]));
            value.totalFinished = int64_t(object["totalFinished"]);
            value.hatmCompleted = bool(object["hatmCompleted"]);
            value.timestamp = iso8601(std::string_view(object["timestamp"]));
            checksum += value.totalFinished + value.userName.size() + (value.timestamp > 0);
        }
        std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        if (elapsed.count() < best) best = elapsed.count();
    }
    std::printf("%ld\n", static_cast<long>(iterations / best));
    return checksum == 0;
}
