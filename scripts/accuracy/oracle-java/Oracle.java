// The Java oracle: the compiler's own answer (javac's tree API: JavacTask, Trees) to
// "which declaration does this call reach?" for every method invocation and `new`
// of a corpus's Java files, one JSON site per line in the shape of the TypeScript
// oracle (oracle-ts.mjs), so the same join and metrics judge cairn.
//
// Every .java file under the root is parsed and attributed together, with the class
// path given (the corpus's dependencies, where Debian has them); errors are tolerated:
// a call javac cannot attribute is reported with status "unknown".
//
//   java Oracle.java <root> <out.jsonl> [<class path>]
import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import javax.lang.model.element.*;
import javax.tools.*;

public class Oracle {
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java Oracle.java <root> <out.jsonl> [<class path>]");
            System.exit(2);
        }
        Path root = Paths.get(args[0]).toRealPath();
        List<File> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p))
                .filter(p -> root.relativize(p).toString().chars().noneMatch(c -> c == '\0'))
                .filter(p -> !hidden(root.relativize(p)))
                .sorted().map(Path::toFile).collect(Collectors.toList());
        }
        long t0 = System.currentTimeMillis();
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
        List<String> options = new ArrayList<>(List.of("-proc:none", "-nowarn", "-Xlint:none", "-implicit:none", "-XDshould-stop.ifError=FLOW", "-Xmaxerrs", "100000"));
        if (args.length > 2 && !args[2].isEmpty()) {
            options.add("-classpath");
            options.add(args[2]);
        }
        JavacTask task = (JavacTask) compiler.getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromFiles(files));
        List<CompilationUnitTree> units = new ArrayList<>();
        task.parse().forEach(units::add);
        task.analyze();
        long errors = diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR).count();
        Trees trees = Trees.instance(task);
        Map<String, Integer> classes = new TreeMap<>();
        int sites = 0;
        try (Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(args[1]), StandardCharsets.UTF_8))) {
            for (CompilationUnitTree unit : units) {
                Scanner scanner = new Scanner(root, trees, unit, out, classes);
                scanner.scan(unit, null);
                sites += scanner.sites;
            }
        }
        System.out.println("{\"files\":" + files.size() + ",\"sites\":" + sites + ",\"errors\":" + errors
            + ",\"classes\":" + json(classes) + ",\"config\":\"javac " + System.getProperty("java.version") + "\",\"ms\":" + (System.currentTimeMillis() - t0) + "}");
    }

    static boolean hidden(Path rel) {
        for (Path part : rel) if (part.toString().startsWith(".")) return true;
        return false;
    }

    static String json(Map<String, Integer> map) {
        return map.entrySet().stream().map(e -> quote(e.getKey()) + ":" + e.getValue()).collect(Collectors.joining(",", "{", "}"));
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    /** Walks one compilation unit, writing a site for each method invocation and `new`. */
    static class Scanner extends TreePathScanner<Void, Void> {
        final Path root;
        final Trees trees;
        final CompilationUnitTree unit;
        final Writer out;
        final Map<String, Integer> classes;
        final SourcePositions positions;
        final LineMap lines;
        final String text;
        final String file;
        int sites = 0;

        Scanner(Path root, Trees trees, CompilationUnitTree unit, Writer out, Map<String, Integer> classes) throws IOException {
            this.root = root;
            this.trees = trees;
            this.unit = unit;
            this.out = out;
            this.classes = classes;
            this.positions = trees.getSourcePositions();
            this.lines = unit.getLineMap();
            this.text = unit.getSourceFile().getCharContent(true).toString();
            this.file = rel(Paths.get(unit.getSourceFile().toUri()));
        }

        String rel(Path path) {
            try {
                Path real = path.toRealPath();
                if (!real.startsWith(root)) return null;
                return root.relativize(real).toString().replace(File.separatorChar, '/');
            } catch (IOException e) {
                return null;
            }
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void v) {
            // javac's own calls (`super()` in a constructor it adds) are written nowhere.
            if (positions.getEndPosition(unit, node) < 0) return super.visitMethodInvocation(node, v);
            ExpressionTree select = node.getMethodSelect();
            String name;
            long namePos;
            if (select instanceof MemberSelectTree) {
                name = ((MemberSelectTree) select).getIdentifier().toString();
                namePos = positions.getEndPosition(unit, select) - name.length();
            } else if (select instanceof IdentifierTree) {
                name = ((IdentifierTree) select).getName().toString();
                namePos = positions.getStartPosition(unit, select);
            } else {
                name = null;
                namePos = positions.getStartPosition(unit, node);
            }
            emit(node, select, name, namePos, "call");
            return super.visitMethodInvocation(node, v);
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void v) {
            Tree type = node.getIdentifier();
            if (type instanceof ParameterizedTypeTree) type = ((ParameterizedTypeTree) type).getType();
            if (type instanceof AnnotatedTypeTree) type = ((AnnotatedTypeTree) type).getUnderlyingType();
            String name = null;
            long namePos = positions.getStartPosition(unit, type);
            if (type instanceof MemberSelectTree) {
                name = ((MemberSelectTree) type).getIdentifier().toString();
                namePos = positions.getEndPosition(unit, type) - name.length();
            } else if (type instanceof IdentifierTree) {
                name = ((IdentifierTree) type).getName().toString();
            }
            emit(node, type, name, namePos, "new");
            return super.visitNewClass(node, v);
        }

        void emit(Tree node, Tree callee, String name, long namePos, String kind) {
            long start = positions.getStartPosition(unit, node);
            StringBuilder s = new StringBuilder("{");
            s.append("\"file\":").append(quote(file));
            s.append(",\"line\":").append(lines.getLineNumber(namePos)).append(",\"column\":").append(lines.getColumnNumber(namePos) - 1);
            s.append(",\"callLine\":").append(lines.getLineNumber(start)).append(",\"callColumn\":").append(lines.getColumnNumber(start) - 1);
            s.append(",\"calleeName\":").append(name == null ? "null" : quote(name));
            s.append(",\"specifier\":").append(quote(specifier(callee, kind)));
            s.append(",\"kind\":").append(quote(kind));
            List<String> targets = new ArrayList<>();
            String status = "unknown";
            String cls = "unknown";
            Element e = name == null ? null : trees.getElement(getCurrentPath());
            if (e instanceof ExecutableElement) {
                ExecutableElement method = (ExecutableElement) e;
                String where = where(method);
                TreePath declared = trees.getPath(method);
                String declFile = declared == null ? null : rel(Paths.get(declared.getCompilationUnit().getSourceFile().toUri()));
                if (method.getKind() == ElementKind.CONSTRUCTOR && anonymous(method.getEnclosingElement())) {
                    // `new T(args) { ... }`: what is written calls T's constructor, through the
                    // `super(args)` javac writes into the anonymous class.
                    // An interface written there (`new Runnable() { ... }`) is the answer itself.
                    TypeElement anon = (TypeElement) method.getEnclosingElement();
                    ExecutableElement base = anon.getInterfaces().isEmpty() ? superConstructor((NewClassTree) node) : null;
                    TypeElement type = writtenBase(anon);
                    TreePath typePath = type == null ? null : trees.getPath(type);
                    String typeFile = typePath == null ? null : rel(Paths.get(typePath.getCompilationUnit().getSourceFile().toUri()));
                    if (base != null) targets.addAll(constructorTargets(base));
                    else if (typeFile != null) targets.add(target(typePath, typeFile, type.getSimpleName().toString(), "Interface", null, false));
                    else if (type != null) targets.add(external(type.getSimpleName().toString(), "Interface", type.getQualifiedName().toString()));
                } else if (method.getKind() == ElementKind.CONSTRUCTOR) {
                    targets.addAll(constructorTargets(method));
                } else if (declFile != null) {
                    targets.add(target(declared, declFile, method.getSimpleName().toString(), declKind(method), null, false));
                } else {
                    targets.add(external(method.getSimpleName().toString(), declKind(method), where));
                }
                boolean inRepo = targets.stream().anyMatch(t -> !t.contains("\"file\":null"));
                status = inRepo ? "in_repo" : "external";
                cls = inRepo ? "in_repo" : "external";
            }
            s.append(",\"status\":").append(quote(status));
            s.append(",\"class\":").append(quote(cls));
            s.append(",\"targets\":[").append(String.join(",", targets)).append("]}");
            try {
                out.write(s.append('\n').toString());
            } catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
            sites++;
            classes.merge(cls, 1, Integer::sum);
        }

        /** A constructor's declaration, its class an equally valid answer; the class alone for an implicit one. */
        List<String> constructorTargets(ExecutableElement ctor) {
            List<String> out = new ArrayList<>();
            TypeElement owner = (TypeElement) ctor.getEnclosingElement();
            TreePath declared = trees.getPath(ctor);
            TreePath ownerPath = trees.getPath(owner);
            String declFile = declared == null ? null : rel(Paths.get(declared.getCompilationUnit().getSourceFile().toUri()));
            String ownerFile = ownerPath == null ? null : rel(Paths.get(ownerPath.getCompilationUnit().getSourceFile().toUri()));
            // javac adds a default constructor to the tree with no end position: it is not written.
            boolean implicit = declared == null || positions.getEndPosition(declared.getCompilationUnit(), declared.getLeaf()) < 0;
            if (!implicit && declFile != null) out.add(target(declared, declFile, "constructor", "Constructor", null, false));
            if (ownerFile != null) out.add(target(ownerPath, ownerFile, owner.getSimpleName().toString(), "Class", null, !out.isEmpty()));
            if (out.isEmpty()) out.add(external("constructor", "Constructor", owner.getQualifiedName().toString()));
            return out;
        }

        /** The base constructor an anonymous class's `new` reaches: the `super(...)` of the constructor javac adds. */
        ExecutableElement superConstructor(NewClassTree node) {
            ClassTree body = node.getClassBody();
            if (body == null) return null;
            for (Tree member : body.getMembers()) {
                if (!(member instanceof MethodTree) || !((MethodTree) member).getName().contentEquals("<init>")) continue;
                BlockTree block = ((MethodTree) member).getBody();
                if (block == null) continue;
                for (StatementTree statement : block.getStatements()) {
                    if (!(statement instanceof ExpressionStatementTree)) continue;
                    ExpressionTree call = ((ExpressionStatementTree) statement).getExpression();
                    if (!(call instanceof MethodInvocationTree)) continue;
                    TreePath path = TreePath.getPath(unit, call);
                    Element e = path == null ? null : trees.getElement(path);
                    if (e instanceof ExecutableElement && e.getKind() == ElementKind.CONSTRUCTOR) return (ExecutableElement) e;
                }
            }
            return null;
        }

        boolean anonymous(Element e) {
            return e instanceof TypeElement && ((TypeElement) e).getNestingKind() == NestingKind.ANONYMOUS;
        }

        /** The class or interface an anonymous class extends as written. */
        TypeElement writtenBase(TypeElement anonymous) {
            javax.lang.model.type.TypeMirror base = anonymous.getInterfaces().isEmpty() ? anonymous.getSuperclass() : anonymous.getInterfaces().get(0);
            Element e = base instanceof javax.lang.model.type.DeclaredType ? ((javax.lang.model.type.DeclaredType) base).asElement() : null;
            return e instanceof TypeElement ? (TypeElement) e : null;
        }

        String specifier(Tree callee, String kind) {
            long a = positions.getStartPosition(unit, callee), b = positions.getEndPosition(unit, callee);
            if (a < 0 || b < a || b > text.length()) return "";
            String flat = text.substring((int) a, (int) b).replaceAll("\\s+", " ").trim();
            return flat.length() > 120 ? flat.substring(0, 117) + "..." : flat;
        }

        String where(ExecutableElement method) {
            Element owner = method.getEnclosingElement();
            return owner instanceof TypeElement ? ((TypeElement) owner).getQualifiedName().toString() : owner.toString();
        }

        String declKind(ExecutableElement method) {
            Element owner = method.getEnclosingElement();
            if (owner.getKind() == ElementKind.INTERFACE || owner.getKind() == ElementKind.ANNOTATION_TYPE) {
                return method.getModifiers().contains(Modifier.ABSTRACT) ? "InterfaceMethod" : "DefaultMethod";
            }
            return "Method";
        }

        /** A declaration in the corpus, placed at its name (a constructor's name is its class's). */
        String target(TreePath path, String declFile, String name, String declKind, String where, boolean alternative) {
            CompilationUnitTree cu = path.getCompilationUnit();
            Tree leaf = path.getLeaf();
            long pos = namePosition(cu, leaf);
            LineMap map = cu.getLineMap();
            String written = leaf instanceof MethodTree ? ((MethodTree) leaf).getName().toString() : name;
            if ("<init>".equals(written)) written = "constructor";
            return "{\"file\":" + quote(declFile) + ",\"line\":" + map.getLineNumber(pos) + ",\"column\":" + (map.getColumnNumber(pos) - 1)
                + ",\"name\":" + quote(written) + ",\"declKind\":" + quote(declKind) + (alternative ? ",\"alternative\":true" : "") + "}";
        }

        String external(String name, String declKind, String where) {
            return "{\"file\":null,\"line\":0,\"column\":0,\"name\":" + quote(name) + ",\"declKind\":" + quote(declKind) + ",\"where\":" + quote(where) + "}";
        }

        /** Where a method's or class's name is written: found in the text after its modifiers. */
        long namePosition(CompilationUnitTree cu, Tree leaf) {
            long start = positions.getStartPosition(cu, leaf);
            String source;
            try {
                source = cu.getSourceFile().getCharContent(true).toString();
            } catch (IOException e) {
                return start;
            }
            String name;
            java.util.regex.Pattern pattern;
            if (leaf instanceof MethodTree) {
                MethodTree m = (MethodTree) leaf;
                name = m.getName().toString();
                if (name.equals("<init>")) {
                    Tree owner = null;
                    for (TreePath p = trees.getPath(cu, leaf); p != null; p = p.getParentPath()) if (p.getLeaf() instanceof ClassTree) { owner = p.getLeaf(); break; }
                    name = owner == null ? "" : ((ClassTree) owner).getSimpleName().toString();
                }
                pattern = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(name) + "\\s*\\(");
                // Skip the modifiers and annotations, which may hold parentheses of their own.
                if (m.getModifiers() != null && positions.getEndPosition(cu, m.getModifiers()) > start) start = positions.getEndPosition(cu, m.getModifiers());
            } else if (leaf instanceof ClassTree) {
                name = ((ClassTree) leaf).getSimpleName().toString();
                pattern = java.util.regex.Pattern.compile("\\b(class|interface|enum|record|@interface)\\s+" + java.util.regex.Pattern.quote(name) + "\\b");
            } else {
                return start;
            }
            java.util.regex.Matcher match = pattern.matcher(source);
            if (start >= 0 && match.find((int) start)) {
                return leaf instanceof ClassTree ? match.end() - name.length() : match.start();
            }
            return start;
        }
    }
}
