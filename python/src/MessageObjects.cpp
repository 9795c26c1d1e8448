// Bag.messages(): the messages of a bag one at a time, each decoded by the schema walk
// (msgs/SchemaWalker.hpp) straight into Python objects: a dict per message, numeric arrays as
// numpy arrays, no JSON text in between.

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <utility>

#include "Bindings.hpp"
#include "Errors.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/TopicDecoder.hpp"
#include "robometrics/msgs/SchemaWalker.hpp"

namespace py = pybind11;

namespace robometrics::python {

namespace {

/// The schema walk's events as nested dicts and lists (SchemaWalker's Writer).
class PyMessageWriter {
public:
    py::object take() { return std::move(root_); }

    void beginMessage(bool /*has_fields*/) { stack_.push_back(Frame{py::dict(), true, {}}); }
    void endMessage() { close(); }
    void field(std::string_view name, std::size_t /*index*/) { stack_.back().key.assign(name); }
    void beginArray(std::uint64_t /*count*/, bool /*of_messages*/) { stack_.push_back(Frame{py::list(), false, {}}); }
    void item(std::uint64_t /*index*/) {}
    void endArray() { close(); }
    template <class T>
    void number(T value) {
        if constexpr (std::is_floating_point_v<T>) {
            put(py::float_(static_cast<double>(value)));
        } else {
            put(py::int_(value));
        }
    }
    /// A numeric array: a numpy array of the field's type instead of the list.
    template <class T>
    void numbers(std::span<const T> values) {
        stack_.back().container = py::array_t<T>(static_cast<py::ssize_t>(values.size()), values.data());
    }
    void boolean(bool value) { put(py::bool_(value)); }
    Status string(std::string_view value) {
        PyObject *text = PyUnicode_DecodeUTF8(value.data(), static_cast<py::ssize_t>(value.size()), "replace");
        if (!text) throw py::error_already_set();
        put(py::reinterpret_steal<py::object>(text));
        return Status::Ok();
    }

private:
    struct Frame {
        py::object container;
        bool is_dict;
        std::string key;  ///< of the field being read, in a dict
    };

    void put(py::object value) {
        Frame &frame = stack_.back();
        if (frame.is_dict) {
            PyDict_SetItemString(frame.container.ptr(), frame.key.c_str(), value.ptr());
        } else {
            frame.container.cast<py::list>().append(value);
        }
    }
    void close() {
        py::object done = std::move(stack_.back().container);
        stack_.pop_back();
        if (stack_.empty()) {
            root_ = std::move(done);
        } else {
            put(std::move(done));
        }
    }

    std::vector<Frame> stack_;
    py::object root_;
};

/// Iterates a bag's messages as (topic, log_time_ns, message dict).
class MessageIterator {
public:
    MessageIterator(std::string path, std::vector<std::string> topics, std::optional<TimeNs> start_ns,
                    std::optional<TimeNs> end_ns, bool strict)
        : path_(std::move(path)) {
        bag::ReadOptions options;
        options.topics = std::move(topics);
        options.start_time = start_ns;
        options.end_time = end_ns;
        options.recover = !strict;
        std::string error;
        {
            py::gil_scoped_release release;
            auto source = bag::openBag(path_, options);
            if (source) source_ = std::move(*source);
            if (!source) error = source.message();
        }
        if (!error.empty()) raiseReadError(path_, error);
        for (const std::string &name : options.topics) {
            auto topic = bag::findTopic(path_, *source_, name);
            if (!topic) raise(ErrorKind::Argument, topic.message());
        }
    }

    py::tuple next() {
        if (!source_) throw py::stop_iteration();
        Result<bool> more = false;
        {
            py::gil_scoped_release release;
            more = source_->next(message_);
        }
        if (!more) raiseReadError(path_, more.message());
        if (!*more) {
            damage_ = source_->damage();
            source_.reset();  // the files are closed as soon as the end is reached
            throw py::stop_iteration();
        }
        const msgs::DynamicDecoder &decoder = decoderOf(*message_.topic);
        PyMessageWriter writer;
        if (Status s = msgs::detail::walkPayload(*decoder.schema(), message_.data, writer); !s.ok()) {
            raise(ErrorKind::Read, path_ + ": topic " + message_.topic->name + " message at log time " +
                                       std::to_string(message_.log_time) + ": " + s.message());
        }
        return py::make_tuple(message_.topic->name, message_.log_time, writer.take());
    }

    py::object damage() const {
        if (!damage_) return py::none();
        return py::str(bag::damageWarning(*damage_));
    }

private:
    const msgs::DynamicDecoder &decoderOf(const bag::TopicInfo &topic) {
        auto found = decoders_.find(&topic);
        if (found != decoders_.end()) return found->second;
        auto decoder = bag::topicDecoder(path_, topic);
        if (!decoder) raise(ErrorKind::Read, decoder.message());
        return decoders_.emplace(&topic, std::move(*decoder)).first->second;
    }

    std::string path_;
    std::unique_ptr<bag::MessageSource> source_;
    bag::Message message_;
    std::map<const bag::TopicInfo *, msgs::DynamicDecoder> decoders_;
    std::optional<bag::ReadDamage> damage_;
};

}  // namespace

void defineMessages(py::module_ &m) {
    py::class_<MessageIterator>(m, "MessageIterator",
                                "The messages of a bag in log-time order, as (topic, log_time_ns, message dict).")
        .def(py::init<std::string, std::vector<std::string>, std::optional<TimeNs>, std::optional<TimeNs>, bool>(),
             py::arg("path"), py::arg("topics"), py::arg("start_ns"), py::arg("end_ns"), py::arg("strict"))
        .def("__iter__", [](py::object self) { return self; })
        .def("__next__", &MessageIterator::next)
        .def_property_readonly("damage", &MessageIterator::damage,
                               "After the end: the warning about what a damaged bag lost, or None.");
}

}  // namespace robometrics::python
