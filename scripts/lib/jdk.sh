# Sourced by the scripts: selects the JDK 25 (UICTL_JAVA_HOME, else Temurin 25 under /usr/lib/jvm) as JAVA_HOME.
select_jdk() {
  local candidate
  for candidate in ${UICTL_JAVA_HOME:-} /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk-* /usr/lib/jvm/*-25-*; do
    if [ -x "$candidate/bin/java" ] && "$candidate/bin/java" -version 2>&1 | grep -qE 'version "2[5-9]'; then
      export JAVA_HOME=$candidate
      return 0
    fi
  done
  printf 'no JDK 25 under /usr/lib/jvm; install Temurin 25 or set UICTL_JAVA_HOME\n' >&2
  return 2
}
