# The npm_packages test fixture: installs every npm package the tests use into PREFIX at once,
# from tests/node/package.json. One install for all: `npm install --no-save X` into a shared
# folder removes the packages it was not told about, so tests installing their own package while
# another test ran Node failed at random (MODULE_NOT_FOUND). Without npm the tests that need it
# skip (or fail under HITSMITH_STRICT) themselves; this fixture does nothing.
find_program(NPM npm)
if(NOT NPM)
  message(STATUS "npm is not installed: the npm consumers are not installed")
  return()
endif()
file(COPY_FILE "${SOURCE}" "${PREFIX}/package.json" ONLY_IF_DIFFERENT)
set(all_present TRUE)
foreach(package "@esotericsoftware/spine-core" "ase-parser" "matter-js")
  if(NOT EXISTS "${PREFIX}/node_modules/${package}/package.json")
    set(all_present FALSE)
  endif()
endforeach()
if(all_present)
  return()
endif()
execute_process(COMMAND "${NPM}" install --prefix "${PREFIX}" --no-audit --no-fund
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "npm install into ${PREFIX} failed (${status})")
endif()
