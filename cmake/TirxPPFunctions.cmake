# tirx_add_sources(<target> <file.cu>...)
#
# Runs tirx-pp on each annotated file at build time, into the build tree
# (<binary dir>/tirx/<path>), and compiles the result as part of <target>. The
# target's include directories, compile definitions, CUDA standard and first
# CUDA architecture reach tirx-pp's parse; a depfile makes an edit of any
# header the file includes re-run tirx-pp (Ninja and Makefiles).
function(tirx_add_sources target)
  if(NOT TARGET ${target})
    message(FATAL_ERROR "tirx_add_sources: '${target}' is not a target")
  endif()
  set(flags "")
  get_target_property(archs ${target} CUDA_ARCHITECTURES)
  if(archs AND NOT archs MATCHES "^(OFF|native|all|all-major)$")
    list(GET archs 0 arch)
    string(REGEX REPLACE "-(real|virtual)$" "" arch "${arch}")
    list(APPEND flags "-arch=sm_${arch}")
  endif()
  get_target_property(std ${target} CUDA_STANDARD)
  if(NOT std AND CMAKE_CUDA_STANDARD)
    set(std ${CMAKE_CUDA_STANDARD})
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
    add_custom_command(
      OUTPUT "${out}"
      COMMAND TirxPP::tirx-pp "${abs}" -o "${out}" -MD -MF "${out}.d" ${flags}
              "$<$<BOOL:${incs}>:-I$<JOIN:${incs},;-I>>"
              "$<$<BOOL:${defs}>:-D$<JOIN:${defs},;-D>>"
      DEPENDS "${abs}" "$<TARGET_FILE:TirxPP::tirx-pp>"
      DEPFILE "${out}.d"
      COMMAND_EXPAND_LISTS
      COMMENT "tirx-pp ${rel}"
      VERBATIM)
    target_sources(${target} PRIVATE "${out}")
    set_source_files_properties("${out}" PROPERTIES LANGUAGE CUDA GENERATED TRUE)
  endforeach()
  target_link_libraries(${target} PRIVATE TirxPP::headers)
endfunction()
