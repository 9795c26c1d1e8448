# cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -DSYMBOL=<name> -DNAMESPACE=<ns> -P EmbedText.cmake
# Writes a C++ source defining `extern const char SYMBOL[]` in NAMESPACE holding INPUT's bytes
# and a terminating NUL. Hex bytes, not a raw string literal: no delimiter can clash with the text.
file(READ "${INPUT}" hex HEX)
get_filename_component(name "${INPUT}" NAME)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp" "// Generated from ${name} by cmake/EmbedText.cmake; do not edit.\nnamespace ${NAMESPACE} {\nextern const char ${SYMBOL}[];\nconst char ${SYMBOL}[] = {\n${bytes}0};\n}\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
