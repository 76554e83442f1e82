import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Drives a student's GameState for the Python conformance suite
 * (gamestate/conformance/java.py holds the other end and the protocol).
 *
 * One request per line on stdin, one reply per line on stdout; the
 * student's own prints are thrown away. Each request runs on a worker
 * thread for at most the time limit of CPU time (the worker thread's
 * own, so that a request merely slowed by a busy machine, or by the JIT
 * and the collector on other threads, is not cut off), and is cut off by
 * a wall-clock backstop when it waits (a request that sleeps uses no CPU
 * time; see watch); past either the harness names the writeup method
 * running and halts (a looping thread cannot be stopped). While a request
 * runs, the scripted rollRNG and addTile of ConformanceGameState ask the
 * Python side for their answers ("Q" lines).
 */
public final class ConformanceHarness {
    private static BufferedReader in;
    private static PrintStream out;
    private static final List<Object> games = new ArrayList<>();
    private static final Map<Object, Integer> ids = new IdentityHashMap<>();
    private static final Map<Object, boolean[]> scripts = new IdentityHashMap<>();
    /** rollRNG answered here from a seeded java.util.Random ("S id rollRNG seed N"). */
    private static final Map<Object, java.util.Random> seeded = new IdentityHashMap<>();
    private static final ConcurrentLinkedDeque<String> running =
        new ConcurrentLinkedDeque<>();
    private static final Set<String> spent = new LinkedHashSet<>();
    /** The boards last passed in or out, by handle (see java.py: aliasing). */
    private static final Map<String, int[][]> boards = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, int[][]> eldest) {
            return size() > 16;
        }
    };
    private static int results = 0;
    /** The worker thread's CPU clock; null where the JVM has none (wall time then). */
    private static ThreadMXBean clocks;
    private static volatile long workerId = -1;
    /** The limits, set by java.py from limits.py: CPU time, the backstop, waiting's CPU time. */
    private static long limitNanos;
    private static long backstopNanos;
    private static long waitingNanos;
    /** How often a request past its time on the wall is checked again, at least. */
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private ConformanceHarness() {
    }

    /** Thrown through the student's code when the Python script failed. */
    static final class ScriptAbort extends Error {
        ScriptAbort() {
            super("the test's script failed", null, false, false);
        }
    }

    /** Thrown on entering a method that timed out or overflowed the stack before. */
    static final class Spent extends Error {
        final String method;

        Spent(String method) {
            super(method, null, false, false);
            this.method = method;
        }
    }

    public static void main(String[] args) throws Exception {
        limitNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[0]));
        backstopNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[1]));
        waitingNanos = TimeUnit.MILLISECONDS.toNanos(Long.parseLong(args[2]));
        for (int i = 3; i < args.length; i++) {
            spent.add(args[i]);
        }
        in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        out = utf8(new FileOutputStream(FileDescriptor.out));
        // The pipes are the protocol's: the student's code reads nothing
        // and its prints are thrown away.
        System.setIn(InputStream.nullInputStream());
        PrintStream sink = utf8(OutputStream.nullOutputStream());
        System.setOut(sink);
        System.setErr(sink);
        ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "conformance-worker");
            thread.setDaemon(true);
            workerId = thread.getId();
            return thread;
        });
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean measured = threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled();
        clocks = measured ? threads : null;
        worker.submit(() -> null).get(); // the worker thread exists: its clock can be read
        reply("READY " + String.join(" ", declaredMethods()));
        String line;
        while ((line = in.readLine()) != null) {
            String request = line;
            String late = watch(worker, request);
            if (late != null) {
                String where = running.peekLast();
                reply(late + " " + (where == null ? methodOf(request) : where));
                Runtime.getRuntime().halt(3);
            }
        }
        Runtime.getRuntime().halt(0);
    }

    /**
     * Run the request on the worker and reply its answer, or return how it
     * ran late: "T" once the worker used the time limit of CPU time, "L"
     * once the wall-clock backstop passed while it used under waitingNanos
     * of CPU time (waiting: one that used more is computing, however
     * slowly on a busy machine, and the backstop starts again), as
     * limits.py does for a Python class.
     */
    private static String watch(ExecutorService worker, String request) throws Exception {
        long cpuAtStart = workerTime();
        Future<String> answer = worker.submit(() -> execute(request));
        long cpuAtBackstop = cpuAtStart;
        long backstopStart = System.nanoTime();
        long now = cpuAtStart; // read again only once a wait ran out: most requests end first
        while (true) {
            if (now - cpuAtStart >= limitNanos) {
                return "T";
            }
            if (System.nanoTime() - backstopStart >= backstopNanos) {
                if (now - cpuAtBackstop < waitingNanos) {
                    return "L";
                }
                cpuAtBackstop = now;
                backstopStart = System.nanoTime();
            }
            // The worker's CPU time grows no faster than the wall clock:
            // it cannot reach the limit before this wait ends.
            long wait = Math.min(limitNanos - (now - cpuAtStart),
                backstopNanos - (System.nanoTime() - backstopStart));
            try {
                reply(answer.get(Math.max(POLL_NANOS, wait), TimeUnit.NANOSECONDS));
                return null;
            } catch (TimeoutException stillRunning) {
                now = workerTime();
            }
        }
    }

    /** The worker thread's CPU time in nanoseconds (the wall clock where there is none). */
    private static long workerTime() {
        long time = clocks == null ? -1 : clocks.getThreadCpuTime(workerId);
        return time < 0 ? System.nanoTime() : time;
    }

    private static PrintStream utf8(OutputStream stream) throws UnsupportedEncodingException {
        return new PrintStream(stream, false, "UTF-8");
    }

    private static void reply(String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }

    private static String methodOf(String request) {
        String[] words = request.split(" ");
        return words[0].equals("C") && words.length > 2 ? words[2] : "the constructor";
    }

    /** The methods GameState declares (its superclasses too, not Object's). */
    private static Set<String> declaredMethods() {
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> type = GameState.class; type != Object.class; type = type.getSuperclass()) {
            for (Method method : type.getDeclaredMethods()) {
                names.add(method.getName());
            }
        }
        return names;
    }

    // ------------------------------------------------------------ requests
    private static String execute(String request) {
        try {
            return "V " + dispatch(request.split(" ", -1));
        } catch (InvocationTargetException thrown) {
            return failure(thrown.getCause());
        } catch (Throwable thrown) {
            return failure(thrown);
        } finally {
            // No writeup method runs now (a finally block that overflowed
            // the stack again may have left its method behind).
            running.clear();
        }
    }

    private static String dispatch(String[] words) throws Exception {
        switch (words[0]) {
            case "N": {
                Object game = new ConformanceGameState(
                    Integer.parseInt(words[1]), Integer.parseInt(words[2]));
                ids.put(game, games.size());
                scripts.put(game, new boolean[2]);
                games.add(game);
                return "i " + (games.size() - 1);
            }
            case "S": {
                Object game = games.get(Integer.parseInt(words[1]));
                if (words[3].equals("seed")) {
                    seeded.put(game, new java.util.Random(Long.parseLong(words[4])));
                    return "v";
                }
                scripts.get(game)[words[2].equals("rollRNG") ? 0 : 1] = words[3].equals("1");
                return "v";
            }
            case "C":
                return call(games.get(Integer.parseInt(words[1])), words);
            case "W":
                write(boards.get(words[1]), Integer.parseInt(words[2]), words[3], words[4]);
                return "v";
            default:
                throw new IllegalArgumentException("unknown request " + words[0]);
        }
    }

    private static String call(Object game, String[] words) throws Exception {
        int arity = words.length - 3;
        Method method = find(words[2], arity);
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[arity];
        for (int i = 0; i < arity; i++) {
            arguments[i] = decode(words[3 + i], types[i]);
        }
        Object result = method.invoke(game, arguments);
        return method.getReturnType() == void.class ? "v" : encode(result);
    }

    /** Methods found so far, by "name/arity": the grader calls a few thousand times. */
    private static final Map<String, Method> found = new java.util.HashMap<>();

    private static Method find(String name, int arity) throws NoSuchMethodException {
        String key = name + "/" + arity;
        Method known = found.get(key);
        if (known == null) {
            known = lookUp(name, arity);
            found.put(key, known);
        }
        return known;
    }

    private static Method lookUp(String name, int arity) throws NoSuchMethodException {
        for (Class<?> type = GameState.class; type != Object.class; type = type.getSuperclass()) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.getName().equals(name) && method.getParameterCount() == arity) {
                    method.setAccessible(true);
                    return method;
                }
            }
        }
        throw new NoSuchMethodException("GameState has no method " + name + " of "
            + arity + " parameters");
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object decode(String word, Class<?> type) {
        String value = word.substring(2);
        switch (word.charAt(0)) {
            case 'i':
                return Integer.parseInt(value);
            case 'd':
                return value.equals("null") ? null : Enum.valueOf((Class) type, value);
            case 'b':
                if (value.equals("null")) {
                    return null;
                }
                int colon = value.indexOf(':');
                int[][] board = board(value.substring(colon + 1));
                boards.put(value.substring(0, colon), board);
                return board;
            default:
                throw new IllegalArgumentException("unknown argument " + word);
        }
    }

    /**
     * The test changed row ``row`` of a board it holds: "set" writes the
     * values into the row array (which the game may share), "new" puts a
     * new array in its place.
     */
    private static void write(int[][] board, int row, String mode, String values) {
        if (board == null || row >= board.length) {
            return;
        }
        int[] given = values.isEmpty() ? new int[0] : parseRow(values);
        if (mode.equals("new") || board[row] == null || board[row].length != given.length) {
            board[row] = given;
        } else {
            System.arraycopy(given, 0, board[row], 0, given.length);
        }
    }

    private static int[] parseRow(String values) {
        String[] cells = values.split(",");
        int[] row = new int[cells.length];
        for (int col = 0; col < cells.length; col++) {
            row[col] = Integer.parseInt(cells[col]);
        }
        return row;
    }

    /** "R|v,v,v;v,v,v": R rows, each its values separated by commas. */
    private static int[][] board(String text) {
        int bar = text.indexOf('|');
        int rows = Integer.parseInt(text.substring(0, bar));
        int[][] board = new int[rows][];
        String[] lines = text.substring(bar + 1).split(";", -1);
        for (int row = 0; row < rows; row++) {
            board[row] = lines[row].isEmpty() ? new int[0] : parseRow(lines[row]);
        }
        return board;
    }

    private static String encode(Object result) {
        if (result == null) {
            return "n";
        }
        if (result instanceof Integer) {
            return "i " + result;
        }
        if (result instanceof Boolean) {
            return "z " + result;
        }
        if (result instanceof String) {
            return "s " + escape((String) result);
        }
        if (result instanceof int[][]) {
            int[][] board = (int[][]) result;
            String handle = "r" + results++;
            boards.put(handle, board);
            StringBuilder text = new StringBuilder("b " + handle + ":" + board.length + "|");
            for (int row = 0; row < board.length; row++) {
                text.append(row == 0 ? "" : ";");
                if (board[row] == null) {
                    text.append('~');
                    continue;
                }
                for (int col = 0; col < board[row].length; col++) {
                    text.append(col == 0 ? "" : ",").append(board[row][col]);
                }
            }
            return text.toString();
        }
        return "o " + escape(String.valueOf(result));
    }

    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** The reply for a throwable out of the student's code. */
    private static String failure(Throwable thrown) {
        if (thrown instanceof ScriptAbort) {
            return "A";
        }
        if (thrown instanceof Spent) {
            return "P " + ((Spent) thrown).method;
        }
        String message = thrown.getMessage();
        // Out of memory or of stack too: the failed allocation or the
        // unwound stack leaves the JVM usable, so the run goes on in it.
        String text = escape(thrown.getClass().getSimpleName()
            + (message == null ? "" : ": " + message) + where(thrown));
        String overflowed = thrown instanceof StackOverflowError ? innermostWriteup(thrown) : null;
        if (overflowed == null) {
            return "E " + text;
        }
        // A method that overflows the stack recurses without end, as one
        // that times out loops: each call costs a deep stack to fill and
        // unwind, so, like a time-out, it is spent (not run again).
        spent.add(overflowed);
        return "O " + overflowed + " " + text;
    }

    /** The innermost writeup method in the trace (a ConformanceGameState
     *  frame), or null when the trace kept none (a helper's recursion). */
    private static String innermostWriteup(Throwable thrown) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().equals("ConformanceGameState")
                    && !frame.getMethodName().equals("<init>")) {
                return frame.getMethodName();
            }
        }
        return null;
    }

    private static String where(Throwable thrown) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            String type = frame.getClassName();
            if (type.equals("GameState") || type.startsWith("GameState$")) {
                return " (" + frame.getFileName() + ":" + frame.getLineNumber()
                    + " in " + frame.getMethodName() + ")";
            }
        }
        return "";
    }

    // ------------------------------------- called by ConformanceGameState
    public static void enter(String method) {
        if (spent.contains(method)) {
            throw new Spent(method);
        }
        running.addLast(method);
    }

    public static void leave() {
        running.pollLast();
    }

    public static boolean scripted(Object game, int which) {
        boolean[] script = scripts.get(game);
        return script != null && script[which];
    }

    /** The game's seeded generator, or null: rollRNG then runs as scripted or not. */
    public static java.util.Random seeded(Object game) {
        return seeded.get(game);
    }

    /** Ask the Python side what the test's rollRNG or addTile returns. */
    public static int ask(Object game, String method, String argument) {
        reply("Q " + ids.get(game) + " " + method + " " + argument);
        String answer;
        try {
            answer = in.readLine();
        } catch (IOException lost) {
            answer = null;
        }
        if (answer == null) {
            Runtime.getRuntime().halt(5);
        }
        if (answer.startsWith("R ")) {
            return Integer.parseInt(answer.substring(2));
        }
        throw new ScriptAbort();
    }
}
