/// Problems with the invocation and the files around it, E04xx. They are
/// not in any source text, so the command line prints them without a
/// range (and in JSON as `failure` records).
public enum DriverCodes {
  public static let usage = DiagnosticCode(
    "E0401", .error, "invalid command line",
    """
    An unknown option, a missing or invalid option value, or no input file.
    `pencilc --help` lists the options. The exit status is 2.

        pencilc --scale 0 scene.pencil     // error: --scale takes a number greater than 0
        pencilc --scale 2 scene.pencil     // ok
    """)
  public static let unreadable = DiagnosticCode(
    "E0402", .error, "cannot read input",
    """
    The input file does not exist, is a directory, or cannot be read. The
    exit status is 2.

        pencilc missing.pencil             // error: No such file or directory
    """)
  public static let inputTooLarge = DiagnosticCode(
    "E0403", .error, "input too large",
    """
    pencilc compiles inputs of at most 128 MiB, far more than any scene
    written by hand, and stops reading there, so that an endless stream
    (`pencilc /dev/zero`) cannot exhaust memory. Split a generated scene, or
    draw it with fewer statements (a loop or a component).

        pencilc /dev/zero                  // error: larger than 128 MiB
    """)
  public static let unwritable = DiagnosticCode(
    "E0404", .error, "cannot write output",
    """
    The output could not be written: the directory does not exist or is not
    writable, the disk is full, or the file size limit was reached. Nothing
    is left behind: outputs are written to a temporary file that replaces
    the target only when complete. The exit status is 2.

        pencilc scene.pencil -o /no/such/dir/out.svg    // error
    """)

  public static let cannotListen = DiagnosticCode(
    "E0405", .error, "cannot listen",
    """
    `pencilc preview` could not listen on 127.0.0.1 (and ::1) at the port
    asked for: another program holds it, or the port is not allowed. The
    exit status is 1. Without `--port` a free port is taken.

        pencilc preview scene.pencil --port 8080    // error if 8080 is taken
        pencilc preview scene.pencil                // ok: a free port
    """)

  public static let besideInputNotRegular = DiagnosticCode(
    "E0406", .error, "output beside its input is not a regular file",
    """
    With several inputs each output is written beside its input (`a.svg`
    for `a.pencil`), at a path nobody typed. A symbolic link there is not
    followed and a FIFO or device is not written into: a link planted in a
    cloned repository (`a.svg -> ~/.bashrc`) would otherwise have pencilc
    replace the file it points to. Only a regular file (or none) is
    replaced; the other inputs are still compiled. The exit status is 2.

        ln -s ~/.bashrc a.svg; pencilc a.pencil b.pencil     // error: a.svg is a symbolic link
        pencilc a.pencil -o a.svg                            // ok: a link you name is followed
    """)
  public static let readOnly = DiagnosticCode(
    "E0407", .error, "file to format is read-only",
    """
    `pencilc fmt` rewrites only files that are writable: a file whose mode
    has no write permission is left alone, even when pencilc runs as root
    and could replace it, because its mode says it is not to be changed.
    `pencilc fmt --check` still reads it. The exit status is 2.

        chmod a-w scene.pencil; pencilc fmt scene.pencil     // error: read-only
        chmod u+w scene.pencil; pencilc fmt scene.pencil     // ok
    """)

  public static let notRegularFile = DiagnosticCode(
    "E0409", .error, "not a regular file",
    """
    A scene and every file it imports must be regular files. A FIFO, a
    device (`/dev/stdin`, `/dev/zero`), or a socket is refused without
    being read: reading one could wait for ever for a writer or never end,
    and would stall `--watch`, `pencilc preview` and the language server.
    The exit status is 1. To compile what a program prints, pipe it to
    `pencilc -` (standard input), which is read up to 128 MiB.

        import "/dev/stdin"                // error: it is a character device
        pencilc fifo.pencil                // error: it is a FIFO
        generate | pencilc - -o out.svg    // ok
    """)
  public static let importsTooLarge = DiagnosticCode(
    "E0410", .error, "imports too large in total",
    """
    The files one compilation imports hold at most 256 MiB together (each
    file is read once, however many imports name it), so that a short file
    of imports cannot make pencilc read gigabytes. The import that would
    go past the limit is refused. Import fewer or smaller files.

        import "huge-1.pencil"             // 200 MiB in all so far: ok
        import "huge-2.pencil"             // error: more than 256 MiB imported
    """)

  public static let tooManyWatchedFiles = DiagnosticCode(
    "E0411", .error, "too many files to watch",
    """
    `pencilc --watch` and `pencilc preview` watch at most 4096 files: the
    inputs and every file they import (or try to import). Past that, the
    inputs are watched first and the rest of the imports are not: a change
    to one of them is not seen until a watched file changes. The error is
    printed after each build and the watch goes on; it does not change the
    exit status. Import fewer files, or compile without --watch.

        pencilc --watch scene.pencil    // 5000 imports: error, 904 not watched
    """)

  package static let all = [
    usage, unreadable, inputTooLarge, unwritable, cannotListen, besideInputNotRegular, readOnly, notRegularFile,
    importsTooLarge, tooManyWatchedFiles,
  ]
}
