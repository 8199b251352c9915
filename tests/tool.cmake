# Tests of the SVG drawing and of the satcd command-line tool.
satcd_add_test(test_draw test_draw.c LIBS satcd::draw)

if(TARGET satcd_cli)
    # Golden tests: run the tool on fixed inputs, parse its JSON and SVG.
    find_package(Python3 COMPONENTS Interpreter REQUIRED)
    add_test(NAME tool_golden
        COMMAND Python3::Interpreter ${CMAKE_CURRENT_SOURCE_DIR}/tool/golden.py
                ${CMAKE_CURRENT_BINARY_DIR}/tool-golden ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:satcd_cli>)
endif()
