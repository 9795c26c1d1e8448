// Bags: what `info` says of one (describe_bag), its topics as declared (bag_topics), and one topic
// as columns (read_columns, bag/TopicColumns.hpp).

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <memory>
#include <utility>

#include "Bindings.hpp"
#include "Errors.hpp"
#include "OwnedArray.hpp"
#include "robometrics/bag/BagInfoText.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicColumns.hpp"

namespace py = pybind11;

namespace robometrics::python {

namespace {

std::optional<TimeNs> optionalNs(const py::object &value) {
    if (value.is_none()) return std::nullopt;
    return value.cast<TimeNs>();
}

py::object damageDict(const std::optional<bag::ReadDamage> &damage) {
    if (!damage) return py::none();
    py::dict d;
    d["file"] = damage->file;
    d["description"] = damage->description;
    d["loss"] = damage->loss;
    d["truncated"] = damage->truncated;
    d["messages_read"] = damage->messages_read;
    d["first_log_time_ns"] = damage->first_log_time ? py::cast(*damage->first_log_time) : py::none();
    d["last_log_time_ns"] = damage->last_log_time ? py::cast(*damage->last_log_time) : py::none();
    d["other_damaged_files"] = damage->other_damaged_files;
    d["warning"] = bag::damageWarning(*damage);
    return d;
}

/// describe_bag(path, strict) -> (the JSON of `info --json`, damage dict or None)
py::tuple describeBag(const std::string &path, bool strict) {
    Result<bag::BagInfo> info = Error{""};
    {
        py::gil_scoped_release release;
        info = bag::describeBag(path, !strict);
    }
    if (!info) raiseReadError(path, info.message());
    return py::make_tuple(bag::bagInfoJson(*info), damageDict(info->damage));
}

/// bag_topics(path, strict) -> [(name, type, offered QoS YAML)] as the bag declares them; opening
/// the bag checks that it is one.
py::list bagTopics(const std::string &path, bool strict) {
    std::vector<bag::TopicInfo> topics;
    std::string error;
    {
        py::gil_scoped_release release;
        bag::ReadOptions options;
        options.recover = !strict;
        auto source = bag::openBag(path, options);
        if (source) topics = (*source)->topics();
        if (!source) error = source.message();
    }
    if (!error.empty()) raiseReadError(path, error);
    py::list out;
    for (const bag::TopicInfo &t : topics) out.append(py::make_tuple(t.name, t.type, t.offered_qos_profiles));
    return out;
}

py::dtype dtypeOf(const msgs::Column &column) {
    switch (column.kind) {
        case msgs::ColumnKind::Bool:
            return py::dtype("?");
        case msgs::ColumnKind::Time:
            return py::dtype("<i8");
        default:
            break;
    }
    switch (column.primitive) {
        case msgs::MsgPrimitive::Int8:
            return py::dtype("i1");
        case msgs::MsgPrimitive::Int16:
            return py::dtype("<i2");
        case msgs::MsgPrimitive::UInt16:
            return py::dtype("<u2");
        case msgs::MsgPrimitive::Int32:
            return py::dtype("<i4");
        case msgs::MsgPrimitive::UInt32:
            return py::dtype("<u4");
        case msgs::MsgPrimitive::Int64:
            return py::dtype("<i8");
        case msgs::MsgPrimitive::UInt64:
            return py::dtype("<u8");
        case msgs::MsgPrimitive::Float32:
            return py::dtype("<f4");
        case msgs::MsgPrimitive::Float64:
            return py::dtype("<f8");
        default:
            return py::dtype("u1");  // byte, char, uint8
    }
}

/// A String or Json column's rows as an object ndarray of str, what a DataFrame holds. The rows
/// of a run of equal rows share one str object (a frame id is one str for the whole column, not
/// one per message: Python's str is immutable, so sharing it changes nothing for the user); JSON
/// rows are parsed into lists afterwards, one per row.
py::array texts(const msgs::Column &column) {
    std::size_t rows = 0;
    for (std::uint64_t n : column.text_rows) rows += n;
    py::array out(py::dtype("O"), std::vector<py::ssize_t>{static_cast<py::ssize_t>(rows)});
    auto **items = static_cast<PyObject **>(out.mutable_data());
    std::size_t row = 0;
    for (std::size_t run = 0; run < column.texts.size(); ++run) {
        const std::string &s = column.texts[run];
        py::object text = py::reinterpret_steal<py::object>(
            PyUnicode_DecodeUTF8(s.data(), static_cast<py::ssize_t>(s.size()), "replace"));
        if (!text) throw py::error_already_set();
        for (std::uint64_t i = 0; i < column.text_rows[run]; ++i, ++row) {
            Py_XDECREF(items[row]);  // what numpy filled the new array with (None or nothing)
            items[row] = text.inc_ref().ptr();
        }
    }
    return out;
}

/// One column as (path, kind, values): "number" an ndarray; "list" (values ndarray, ends ndarray);
/// "string" and "json" an object ndarray of str. `owner`: the capsule of the buffer the one-value-per-row
/// columns are slices of (all arrays of a read share it).
py::tuple columnObject(msgs::Column &column, const py::object &owner) {
    const py::dtype dtype = dtypeOf(column);
    switch (column.kind) {
        case msgs::ColumnKind::String:
            return py::make_tuple(column.path, "string", texts(column));
        case msgs::ColumnKind::Json:
            return py::make_tuple(column.path, "json", texts(column));
        case msgs::ColumnKind::NumberList: {
            const std::size_t size = msgs::columnValueSize(column);
            py::array values = ownedArray(std::move(column.bytes), dtype, size);
            py::array ends = ownedArray(std::move(column.ends), py::dtype("<u8"), 8);
            return py::make_tuple(column.path, "list", py::make_tuple(values, ends));
        }
        default:
            // A read of no rows made no buffer: an empty array of the column's type.
            if (!column.storage)
                return py::make_tuple(column.path, "number", py::array(dtype, std::vector<py::ssize_t>{0}));
            return py::make_tuple(column.path, "number",
                                  viewArray(column.fixed, dtype, msgs::columnValueSize(column), owner));
    }
}

/// read_columns(path, topic, fields, start_ns, end_ns, strict) -> (log_times, [columns], type, damage);
/// ArgumentError for a topic or field the bag does not have, found before anything is read.
py::tuple readColumns(const std::string &path, const std::string &topic, const std::vector<std::string> &fields,
                      const py::object &start_ns, const py::object &end_ns, bool strict) {
    bag::TopicColumnsRequest request;
    request.topic = topic;
    request.fields = fields;
    request.start_ns = optionalNs(start_ns);
    request.end_ns = optionalNs(end_ns);
    request.recover = !strict;
    InterruptCheck interrupt;
    request.check = [&interrupt] { return interrupt(); };
    Result<bag::TopicColumns> read = Error{""};
    bag::TopicColumnsFailure failure = bag::TopicColumnsFailure::Read;
    {
        py::gil_scoped_release release;
        read = bag::readTopicColumns(path, request, &failure);
    }
    interrupt.rethrow();
    if (!read && failure == bag::TopicColumnsFailure::Argument) raise(ErrorKind::Argument, read.message());
    if (!read) raiseReadError(path, read.message());
    py::object owner = py::none();
    for (const msgs::Column &column : read->columns) {
        if (column.storage) {
            owner = ownerCapsule(column.storage);
            break;
        }
    }
    py::list columns;
    for (msgs::Column &column : read->columns) columns.append(columnObject(column, owner));
    py::array log_times = ownedArray(std::move(read->log_times), py::dtype("<i8"), 8);
    return py::make_tuple(log_times, columns, read->type, damageDict(read->damage));
}

}  // namespace

void defineBag(py::module_ &m) {
    m.def("describe_bag", &describeBag, py::arg("path"), py::arg("strict"),
          "What `robometrics info --json` prints of the bag, and what a damaged bag lost.");
    m.def("bag_topics", &bagTopics, py::arg("path"), py::arg("strict"),
          "The topics the bag declares: (name, type, offered QoS profiles as YAML).");
    m.def("read_columns", &readColumns, py::arg("path"), py::arg("topic"), py::arg("fields"), py::arg("start_ns"),
          py::arg("end_ns"), py::arg("strict"),
          "One topic of the bag as columns, decoded in C++; ArgumentError for a topic or field the bag does not have.");
}

}  // namespace robometrics::python
