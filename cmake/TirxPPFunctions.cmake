# tirx_add_sources(<target> <file.cu>...)
#
# Runs tirx-pp on each annotated file at build time, into the build tree
# (<binary dir>/tirx/<path>, rewritten headers in <path>.headers/), and
# compiles the result as part of <target>. The target's include directories,
# compile definitions, CUDA (else C++) standard and every CUDA architecture
# reach tirx-pp's parse (with several, it parses for the highest and says
# so); a depfile makes an edit of any header the file includes re-run
# tirx-pp (Ninja and Makefiles).
#
# To adopt tirx-pp without naming files, use it as the compiler launcher
# instead: -DCMAKE_CUDA_COMPILER_LAUNCHER=tirx-pp (docs/launcher.md).
function(tirx_add_sources target)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "tirx_add_sources: '${target}' is not a target")
  endif()
  set(flags "")
  get_target_property(archs ${target} CUDA_ARCHITECTURES)
  if(NOT archs AND CMAKE_CUDA_ARCHITECTURES)
    set(archs ${CMAKE_CUDA_ARCHITECTURES})
  endif()
  if(archs AND NOT archs STREQUAL "OFF")
    foreach(arch IN LISTS archs)
      if(arch MATCHES "^(native|all|all-major)$")
        list(APPEND flags "-arch=${arch}")
      else()
        string(REGEX REPLACE "-(real|virtual)$" "" arch "${arch}")
        list(APPEND flags "-arch=sm_${arch}")
      endif()
    endforeach()
  endif()
  foreach(prop CUDA_STANDARD CXX_STANDARD)
    get_target_property(std ${target} ${prop})
    if(std)
      break()
    endif()
  endforeach()
  if(NOT std)
    if(CMAKE_CUDA_STANDARD)
      set(std ${CMAKE_CUDA_STANDARD})
    elseif(CMAKE_CXX_STANDARD)
      set(std ${CMAKE_CXX_STANDARD})
    endif()
  endif()
  if(std)
    list(APPEND flags "-std=c++${std}")
  endif()
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE)
    file(RELATIVE_PATH rel "${CMAKE_CURRENT_SOURCE_DIR}" "${abs}")
    string(REPLACE "../" "__/" rel "${rel}")
    set(out "${CMAKE_CURRENT_BINARY_DIR}/tirx/${rel}")
    get_filename_component(out_dir "${out}" DIRECTORY)
    file(MAKE_DIRECTORY "${out_dir}")
    # The rewritten copies of annotated headers, when there are any, go in
    # ${out}.headers/ (made either way, so that it is always there).
    add_custom_command(
      OUTPUT "${out}"
      BYPRODUCTS "${out}.headers"
      COMMAND TirxPP::tirx-pp "${abs}" -o "${out}" -MD -MF "${out}.d" "--headers-out=${out}.headers" ${flags}
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
              "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
      DEPENDS "${abs}" "$<TARGET_FILE:TirxPP::tirx-pp>"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${out}.headers"
      DEPFILE "${out}.d"
      COMMAND_EXPAND_LISTS
      COMMENT "tirx-pp ${rel}"
      VERBATIM)
    target_sources(${target} PRIVATE "${out}")
    set_source_files_properties("${out}" PROPERTIES LANGUAGE CUDA GENERATED TRUE)
  endforeach()
  target_link_libraries(${target} PRIVATE TirxPP::headers)
endfunction()
