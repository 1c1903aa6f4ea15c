package dev.tpm.collect.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The version of a package as a stack's lock file pins it: Cargo.lock, go.mod, package-lock.json,
 * requirements.txt (pip-compile output), pom.xml (the parent or a dependency with its version) or
 * a .csproj (PackageReference). The version is the one the build installs, not a range.
 */
public final class LockFileVersions {
    /** Lock files looked for in a stack folder, in this order (then any *.csproj). */
    public static final List<String> KNOWN = List.of("Cargo.lock", "go.mod", "package-lock.json", "requirements.txt", "pom.xml");

    private static final ObjectMapper JSON = new ObjectMapper();

    private LockFileVersions() {}

    /** The stack's lock file: stack.json's {@code lock_file}, else the first known one in its folder. */
    public static Optional<Path> lockFileOf(StackSpec spec) throws IOException {
        if (spec.lockFile() != null) {
            Path p = spec.dir().resolve(spec.lockFile()).normalize();
            if (!Files.isRegularFile(p)) {
                throw new IOException(spec.dir().resolve(StackSpec.FILE_NAME) + ": $.lock_file: no file " + p);
            }
            return Optional.of(p);
        }
        for (String name : KNOWN) {
            Path p = spec.dir().resolve(name);
            if (Files.isRegularFile(p)) return Optional.of(p);
        }
        try (Stream<Path> s = Files.list(spec.dir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".csproj")).sorted().findFirst();
        }
    }

    /**
     * The version(s) of {@code name} in {@code lockFile}, or empty when it does not list it. Several
     * versions of one package (Cargo resolves two semver-incompatible ones side by side) are joined
     * with ", " in ascending text order.
     */
    public static Optional<String> find(Path lockFile, String name) throws IOException {
        String file = lockFile.getFileName().toString();
        List<String> found;
        if (file.equals("Cargo.lock")) {
            found = cargo(Files.readAllLines(lockFile, StandardCharsets.UTF_8), name);
        } else if (file.equals("go.mod")) {
            found = goMod(Files.readAllLines(lockFile, StandardCharsets.UTF_8), name);
        } else if (file.equals("package-lock.json")) {
            found = npm(JSON.readTree(lockFile.toFile()), name);
        } else if (file.endsWith(".txt")) {
            found = requirements(Files.readAllLines(lockFile, StandardCharsets.UTF_8), name);
        } else if (file.endsWith(".xml") || file.endsWith(".csproj")) {
            found = xml(lockFile, name);
        } else {
            throw new IOException(lockFile + ": not a lock file this harness reads (" + KNOWN + ", *.csproj)");
        }
        TreeSet<String> distinct = new TreeSet<>(found);
        return distinct.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", distinct));
    }

    /** [[package]] blocks: name = "x" then version = "1.2.3". */
    static List<String> cargo(List<String> lines, String name) {
        List<String> out = new ArrayList<>();
        String current = null;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                current = null;
            } else if (line.startsWith("name = ")) {
                current = unquote(line.substring("name = ".length()));
            } else if (line.startsWith("version = ") && name.equals(current)) {
                out.add(unquote(line.substring("version = ".length())));
            }
        }
        return out;
    }

    /** require lines, single or in a block: {@code module/path v1.2.3 // indirect}. */
    static List<String> goMod(List<String> lines, String name) {
        List<String> out = new ArrayList<>();
        for (String raw : lines) {
            String line = raw.strip();
            if (line.startsWith("require ")) line = line.substring("require ".length()).strip();
            String[] t = line.split("\\s+");
            if (t.length >= 2 && t[0].equals(name) && t[1].startsWith("v")) out.add(t[1]);
        }
        return out;
    }

    /** lockfileVersion 2 and 3 ({@code packages["node_modules/x"]}), and 1 ({@code dependencies.x}). */
    static List<String> npm(JsonNode root, String name) {
        JsonNode p = root.path("packages").path("node_modules/" + name).path("version");
        if (p.isTextual()) return List.of(p.asText());
        JsonNode d = root.path("dependencies").path(name).path("version");
        return d.isTextual() ? List.of(d.asText()) : List.of();
    }

    /** {@code name==1.2.3}, names compared as PEP 503 normalises them. */
    static List<String> requirements(List<String> lines, String name) {
        List<String> out = new ArrayList<>();
        String wanted = pep503(name);
        for (String raw : lines) {
            String line = raw.strip();
            int eq = line.indexOf("==");
            if (line.startsWith("#") || eq <= 0) continue;
            String pkg = line.substring(0, eq);
            int extras = pkg.indexOf('[');
            if (extras >= 0) pkg = pkg.substring(0, extras);
            if (!pep503(pkg.strip()).equals(wanted)) continue;
            String version = line.substring(eq + 2).split("[\\s;\\\\]", 2)[0];
            out.add(version);
        }
        return out;
    }

    static String pep503(String name) {
        return name.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-");
    }

    /** pom.xml: the parent and each dependency with a literal version; .csproj: each PackageReference. */
    static List<String> xml(Path file, String name) throws IOException {
        Document doc = parse(file);
        List<String> out = new ArrayList<>();
        for (String tag : List.of("parent", "dependency", "plugin")) {
            NodeList nodes = doc.getElementsByTagNameNS("*", tag);
            for (int i = 0; i < nodes.getLength(); i++) {
                Element e = (Element) nodes.item(i);
                String artifact = child(e, "artifactId");
                String group = child(e, "groupId");
                String version = child(e, "version");
                boolean named = name.equals(artifact) || (group != null && name.equals(group + ":" + artifact));
                if (named && version != null && !version.contains("${")) out.add(version);
            }
        }
        NodeList refs = doc.getElementsByTagNameNS("*", "PackageReference");
        for (int i = 0; i < refs.getLength(); i++) {
            Element e = (Element) refs.item(i);
            if (e.getAttribute("Include").equalsIgnoreCase(name) && !e.getAttribute("Version").isEmpty()) {
                out.add(e.getAttribute("Version"));
            }
        }
        return out;
    }

    private static Document parse(Path file) throws IOException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(file.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(file + ": not well-formed XML: " + e.getMessage(), e);
        }
    }

    private static String child(Element e, String tag) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getLocalName().equals(tag)) return c.getTextContent().strip();
        }
        return null;
    }

    private static String unquote(String s) {
        String t = s.strip();
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }
}
