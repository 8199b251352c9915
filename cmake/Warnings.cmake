# Warnings and floating-point rules for every target of the project.
#
# -ffp-contract=off: no fused multiply-add unless written, so every backend
# and every compiler rounds each product and sum the same way.
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    add_compile_options(-ffp-contract=off)
endif()

function(satcd_set_warnings target)
    if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(${target} PRIVATE
            $<$<COMPILE_LANGUAGE:C>:-Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -Wno-sign-conversion>
            $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>)
        if(SATCD_WERROR)
            target_compile_options(${target} PRIVATE -Werror)
        endif()
    endif()
endfunction()
