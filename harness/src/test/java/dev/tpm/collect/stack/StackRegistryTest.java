package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackRegistryTest {
    @Test
    void loadsEveryReferenceStackSortedById() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        assertEquals(List.of("crystal-http", "dotnet", "elixir-http", "flask-dev", "flask-gunicorn", "go", "go-fasthttp",
                "go-gin", "go-http", "java", "java-jdk", "nim-http", "node", "node-cluster", "node-express",
                "node-express-cluster", "node-fastify", "node-http", "python", "python-1w", "python-gunicorn", "ruby-puma",
                "ruby-puma-mjit", "rust", "rust-actix", "rust-axum-hello", "rust-hyper"),
                r.all().stream().map(StackSpec::id).toList());
        assertEquals("go", r.get("go").id());
        assertTrue(r.find("cobol").isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.get("cobol"));
        assertTrue(e.getMessage().contains("crystal-http, dotnet, elixir-http, flask-dev, flask-gunicorn, go"), e.getMessage());
    }

    @Test
    void referenceStacksDescribeABuildARunAndAnArtifact() throws IOException {
        for (StackSpec s : StackRegistry.load(Fixtures.SERVERS).all()) {
            assertFalse(s.toolchain().isEmpty(), s.id());
            assertFalse(s.run().isEmpty(), s.id());
            assertFalse(s.artifacts().isEmpty(), s.id());
            assertFalse(s.version().isEmpty(), s.id());
            assertTrue(s.workers() >= 1, s.id());
        }
        assertEquals(4, StackRegistry.load(Fixtures.SERVERS).get("python").workers());
        assertEquals(1, StackRegistry.load(Fixtures.SERVERS).get("python-1w").workers());
    }

    @Test
    void theSeedStacksDeclareTheirEndpointsAndTheCrudStacksServeTheWholeApi() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        for (String id : List.of("node-cluster", "python-gunicorn", "rust-hyper", "ruby-puma", "ruby-puma-mjit",
                "crystal-http", "nim-http", "elixir-http")) {
            assertEquals(List.of("hello"), r.get(id).endpoints(), id);
            assertFalse(r.get(id).servesCrud(), id);
        }
        // the blog's stacks and hello-blog-next's answer its JSON and simulated-I/O questions too
        for (String id : List.of("flask-dev", "node-http", "go-http", "flask-gunicorn", "go-gin", "go-fasthttp",
                "rust-actix", "rust-axum-hello")) {
            assertEquals(List.of("hello", "hello_json", "sleep"), r.get(id).endpoints(), id);
            assertFalse(r.get(id).servesCrud(), id);
        }
        for (String id : List.of("node-express", "node-fastify", "node-express-cluster")) {
            assertEquals(List.of("hello", "hello_json", "heavy"), r.get(id).endpoints(), id);
        }
        for (String id : List.of("go", "rust", "python", "node", "java")) {
            assertEquals(StackSpec.CRUD_STACK_ENDPOINTS, r.get(id).endpoints(), id);
            assertTrue(r.get(id).servesCrud(), id);
        }
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed", "hello"),
                StackSpec.CRUD_STACK_ENDPOINTS);
        // one worker per core for the cluster stacks: the harness passes the number as WORKERS
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(cores, r.get("node-cluster").workers());
        assertEquals(cores, r.get("node-express-cluster").workers());
        assertEquals(4, r.get("python-gunicorn").workers());
        // Puma: -w one worker per core, as the seed's -w 8 on its 8 threads
        assertEquals(cores, r.get("ruby-puma").workers());
        assertEquals(cores, r.get("ruby-puma-mjit").workers());
    }

    @Test
    void theStandInsSayWhatTheyStandInForAndWhyAndNoOtherStackDoes() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        assertEquals("httpbeast", r.get("nim-http").standIn().forServer());
        assertTrue(r.get("nim-http").standIn().why().contains("no registry"), r.get("nim-http").standIn().why());
        assertEquals("Plug with Cowboy", r.get("elixir-http").standIn().forServer());
        assertTrue(r.get("elixir-http").standIn().why().contains("Hex"), r.get("elixir-http").standIn().why());
        assertEquals(List.of("elixir-http", "nim-http"),
                r.all().stream().filter(s -> s.standIn() != null).map(StackSpec::id).toList());
        // the stand-in survives resolving the worker count
        assertEquals(r.get("nim-http").standIn(), r.get("nim-http").onCores(3).standIn());
    }

    @Test
    void rubyPumaMjitIsRubyPumaWithMjitOnAndAChecksThatItCompiles() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        StackSpec plain = r.get("ruby-puma");
        StackSpec mjit = r.get("ruby-puma-mjit");
        assertEquals(java.util.Map.of("RUBYOPT", "--mjit"), mjit.env());
        assertEquals(plain.run().stream().map(a -> a.endsWith(".rb") || a.endsWith(".ru") ? "../ruby-puma/" + a : a).toList(),
                mjit.run(), "the same Puma settings and app");
        assertEquals(List.of("ruby", "mjit_check.rb"), mjit.toolchainCheck());
        assertEquals(List.of(), plain.toolchainCheck());
        assertEquals(List.of("ruby", "--mjit", "--version"), mjit.version());
    }

    @Test
    void standInAndToolchainCheckErrorsNameTheJsonPath(@TempDir Path tmp) throws IOException {
        IOException notObject = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "a", "\"stand_in\": \"httpbeast\"")));
        assertTrue(notObject.getMessage().endsWith("$.stand_in: expected an object, found 'httpbeast'"), notObject.getMessage());
        IOException noWhy = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "b", "\"stand_in\": {\"for\": \"httpbeast\"}")));
        assertTrue(noWhy.getMessage().endsWith("$.stand_in.why: expected a non-blank string, found no such key"), noWhy.getMessage());
        IOException extra = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "c", "\"stand_in\": {\"for\": \"x\", \"why\": \"y\", \"when\": \"z\"}")));
        assertTrue(extra.getMessage().endsWith("$.stand_in.when: expected one of the keys for, why, found the unknown key 'when'"), extra.getMessage());
        IOException check = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "d", "\"toolchain_check\": \"ruby x.rb\"")));
        assertTrue(check.getMessage().endsWith("$.toolchain_check: expected an array, found 'ruby x.rb'"), check.getMessage());
        StackSpec none = StackSpec.load(stackJson(tmp, "e", "\"workers\": 2"));
        assertEquals(null, none.standIn());
        assertEquals(List.of(), none.toolchainCheck());
    }

    @Test
    void aFailingToolchainCheckMakesTheStackUnavailableWithItsLastLineAsTheReason(@TempDir Path tmp) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        executable(bin.resolve("tool"));
        Path servers = Files.createDirectories(tmp.resolve("servers"));
        Files.createDirectories(servers.resolve("fails"));
        Files.writeString(servers.resolve("fails/stack.json"), "{\"id\": \"fails\", \"run\": [\"x\"], \"toolchain\": [\"tool\"],"
                + " \"toolchain_check\": [\"sh\", \"-c\", \"echo compiling; echo no header here; exit 3\"]}");
        Files.createDirectories(servers.resolve("passes"));
        Files.writeString(servers.resolve("passes/stack.json"), "{\"id\": \"passes\", \"run\": [\"x\"], \"toolchain\": [\"tool\"],"
                + " \"toolchain_check\": [\"sh\", \"-c\", \"echo fine\"]}");
        StackRegistry r = StackRegistry.load(servers, bin + ":/usr/bin:/bin");
        assertEquals(List.of("passes"), r.available().stream().map(StackSpec::id).toList());
        StackRegistry.Unavailable u = r.unavailable().get(0);
        assertEquals("fails", u.spec().id());
        assertEquals("toolchain check [sh, -c, echo compiling; echo no header here; exit 3] failed: no header here", u.reason());
        // without the toolchain on PATH the check is not run: the PATH lookup is the reason
        StackRegistry bare = StackRegistry.load(servers, tmp.resolve("nothing").toString());
        assertEquals("toolchain not on PATH: tool", bare.unavailable().get(0).reason());
    }

    @Test
    void aStackOfOneWorkerPerCoreGetsTheCoresItsServerIsGiven() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        StackSpec cluster = r.get("node-express-cluster");
        assertEquals(3, cluster.onCores(3).workers(), "e.g. --server-cpus 1-3 on a 4-core Pi");
        assertEquals(1, cluster.onCores(1).workers(), "--pin on 2 cores: the server has core 1 only");
        assertEquals(cluster.onCores(3), cluster.onCores(5).onCores(3), "resolving again starts from the declaration");
        StackSpec fixed = r.get("python-gunicorn");
        assertSame(fixed, fixed.onCores(1), "a fixed worker count does not follow the cores");
        assertThrows(IllegalArgumentException.class, () -> cluster.onCores(0));
    }

    @Test
    void aVariantRunsItsBasesCodeWithOnlyWhatItDeclaresChanged() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        StackSpec python = r.get("python"), oneWorker = r.get("python-1w");
        assertEquals(python.dir(), oneWorker.dir(), "the variant runs in its base's folder, on its base's venv");
        assertEquals(python.run(), oneWorker.run());
        assertEquals(python.artifacts(), oneWorker.artifacts());
        assertEquals(python.versionHints(), oneWorker.versionHints());
        assertEquals(python.endpoints(), oneWorker.endpoints());
        assertEquals(List.of(), oneWorker.build(), "the base's build makes the variant's artifacts");
        assertEquals(4, python.workers());
        assertEquals(1, oneWorker.workers());
        assertEquals("FastAPI + Granian, 1 worker", oneWorker.framework());

        StackSpec express = r.get("node-express"), cluster = r.get("node-express-cluster");
        assertEquals(express.dir(), cluster.dir(), "the cluster variant runs the same app.js, not a copy");
        assertEquals(List.of("node", "cluster.js"), cluster.run());
        assertTrue(Files.isRegularFile(cluster.dir().resolve("cluster.js")));
        assertEquals(express.env(), cluster.env());
        assertEquals(List.of("framework", "workers"), List.copyOf(cluster.versionHints().keySet()),
                "the base's versions, and the variant's added");
        assertTrue(cluster.workersPerCore());
        assertEquals(List.of("node_modules", "app.js", "cluster.js", "package.json"), cluster.artifacts());
    }

    @Test
    void theTwoJavaStacksCompileOneCopyOfTheirSharedCode() throws IOException {
        for (String id : List.of("java", "java-jdk")) {
            Path own = Fixtures.SERVERS.resolve(id).resolve("src/main/java/dev/tpm/server");
            assertFalse(Files.exists(own.resolve("Database.java")), id);
            assertFalse(Files.exists(own.resolve("Jvm.java")), id);
            assertTrue(Files.readString(Fixtures.SERVERS.resolve(id).resolve("pom.xml"))
                    .contains("<source>../java-shared/src/main/java</source>"), id);
        }
        assertTrue(Files.isRegularFile(Fixtures.SERVERS.resolve("java-shared/src/main/java/dev/tpm/server/Database.java")));
    }

    @Test
    void theSchemaOfStackJsonListsTheKeysOfTheRecordItIsBoundTo() {
        com.fasterxml.jackson.databind.JsonNode schema = dev.tpm.codec.JsonSchemas.tree(StackSpec.FORMAT);
        java.util.Set<String> keys = new java.util.TreeSet<>(dev.tpm.codec.JsonSchemas.keys(schema.get("else")));
        keys.addAll(dev.tpm.codec.JsonSchemas.keys(schema.get("then")));
        var snake = new com.fasterxml.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy();
        assertEquals(keys, new java.util.TreeSet<>(java.util.Arrays.stream(StackSpec.StackJson.class.getRecordComponents())
                .map(c -> snake.translate(c.getName())).toList()));
    }

    @Test
    void anUnknownKeyIsAnErrorNamingTheFileAndTheKey(@TempDir Path tmp) throws IOException {
        IOException e = assertThrows(IOException.class, () -> StackSpec.load(stackJson(tmp, "k", "\"worker\": 2")));
        assertTrue(e.getMessage().endsWith("/k/stack.json $.worker: expected one of the keys id, language, framework,"
                + " endpoints, versions, lock_file, toolchain, build, run, env, workers, artifacts, version, stand_in,"
                + " toolchain_check, worker_class, worker_class_reason, found the unknown key 'worker'"), e.getMessage());
        IOException json = assertThrows(IOException.class, () -> StackSpec.load(stackJson(tmp, "j", "\"run\": [\"y\"]")));
        assertTrue(json.getMessage().contains("/j/stack.json line 1, column "), json.getMessage());
        assertTrue(json.getMessage().contains("Duplicate field 'run'"), json.getMessage());
    }

    @Test
    void aVariantDeclaresOnlyWhatDiffersFromABaseThatIsNotAVariant(@TempDir Path tmp) throws IOException {
        stackJson(tmp, "base", "\"workers\": 2, \"env\": {\"A\": \"1\"}, \"artifacts\": [\"x\"]");
        Path v = variantJson(tmp, "v", "\"base\", \"env\": {\"B\": \"2\"}, \"workers\": 1");
        StackSpec variant = StackSpec.load(v);
        assertEquals(java.util.Map.of("A", "1", "B", "2"), variant.env());
        assertEquals(1, variant.workers());
        assertEquals(tmp.resolve("base"), variant.dir());
        IOException language = assertThrows(IOException.class,
                () -> StackSpec.load(variantJson(tmp, "l", "\"base\", \"language\": \"Go\"")));
        assertTrue(language.getMessage().endsWith("/l/stack.json $.language: expected one of the keys id, variant_of,"
                + " framework, workers, env, run, artifacts, versions, found the unknown key 'language'"), language.getMessage());
        IOException missing = assertThrows(IOException.class, () -> StackSpec.load(variantJson(tmp, "m", "\"nobase\"")));
        assertTrue(missing.getMessage().endsWith("/m/stack.json $.variant_of: expected the id of another stack of " + tmp
                + ", found 'nobase'"), missing.getMessage());
        IOException chain = assertThrows(IOException.class, () -> StackSpec.load(variantJson(tmp, "w", "\"v\"")));
        assertTrue(chain.getMessage().endsWith("$.variant_of: expected a stack that is not itself a variant, found 'v', a variant"),
                chain.getMessage());
    }

    private static Path variantJson(Path tmp, String id, String base) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(id));
        Files.writeString(dir.resolve("stack.json"), "{\"id\": \"" + id + "\", \"variant_of\": " + base + "}");
        return dir;
    }

    @Test
    void aCrudEndpointInTheDeclaredListBringsTheWholeApi(@TempDir Path tmp) throws IOException {
        StackSpec s = StackSpec.load(stackJson(tmp, "c", "\"endpoints\": [\"heavy\", \"get_item\"]"));
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed", "heavy"), s.endpoints());
        assertTrue(s.servesCrud());
    }

    @Test
    void badEndpointsAndWorkersAreErrorsNamingTheJsonPath(@TempDir Path tmp) throws IOException {
        IOException unknown = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "u", "\"endpoints\": [\"hello\", \"helo\"]")));
        assertTrue(unknown.getMessage().endsWith("stack.json $.endpoints[1]: expected one of "
                + String.join(", ", dev.tpm.model.Endpoints.ALL) + ", found 'helo'"), unknown.getMessage());
        IOException twice = assertThrows(IOException.class,
                () -> StackSpec.load(stackJson(tmp, "t", "\"endpoints\": [\"hello\", \"hello\"]")));
        assertTrue(twice.getMessage().endsWith("$.endpoints[1]: expected each value once, found 'hello'"), twice.getMessage());
        IOException empty = assertThrows(IOException.class, () -> StackSpec.load(stackJson(tmp, "e", "\"endpoints\": []")));
        assertTrue(empty.getMessage().endsWith("$.endpoints: expected a non-empty array of distinct values, found an empty array"), empty.getMessage());
        IOException workers = assertThrows(IOException.class, () -> StackSpec.load(stackJson(tmp, "w", "\"workers\": \"many\"")));
        assertTrue(workers.getMessage().endsWith("$.workers: expected an integer in [1, 4096], or \"cores\", found 'many'"),
                workers.getMessage());
    }

    private static Path stackJson(Path tmp, String id, String extra) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(id));
        Files.writeString(dir.resolve("stack.json"), "{\"id\": \"" + id + "\", \"run\": [\"x\"], " + extra + "}");
        return dir;
    }

    @Test
    void dotnetIsUnavailableWithAReasonWhenItsToolchainIsNotOnPath(@TempDir Path bin) throws IOException {
        // a PATH holding fake go and python3 but no dotnet
        for (String tool : List.of("go", "python3")) executable(bin.resolve(tool));
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS, bin.toString());
        StackSpec dotnet = r.get("dotnet");
        assertFalse(r.available(dotnet));
        StackRegistry.Unavailable u = r.unavailable().stream().filter(x -> x.spec().id().equals("dotnet"))
                .findFirst().orElseThrow();
        assertEquals("toolchain not on PATH: dotnet", u.reason());
        assertEquals(List.of("flask-dev", "flask-gunicorn", "go", "go-fasthttp", "go-gin", "go-http", "python-1w",
                "python-gunicorn"),
                r.available().stream().map(StackSpec::id).filter(id -> !id.equals("python")).toList());
        assertTrue(r.available(r.get("python")));
        StackRegistry.Unavailable java = r.unavailable().stream().filter(x -> x.spec().id().equals("java"))
                .findFirst().orElseThrow();
        assertEquals("toolchain not on PATH: java, mvn", java.reason());
    }

    @Test
    void aToolchainOnPathMakesTheStackAvailable(@TempDir Path bin) throws IOException {
        executable(bin.resolve("dotnet"));
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS, "/nonexistent:" + bin);
        assertTrue(r.available(r.get("dotnet")));
        assertFalse(r.available(r.get("go")));
    }

    @Test
    void aFileThatIsNotExecutableDoesNotCount(@TempDir Path bin) throws IOException {
        Files.writeString(bin.resolve("dotnet"), "");
        assertFalse(StackRegistry.onPath("dotnet", bin.toString()));
    }

    @Test
    void aMissingFolderIsAnErrorNamingIt(@TempDir Path tmp) {
        IOException e = assertThrows(IOException.class, () -> StackRegistry.load(tmp.resolve("nope")));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
    }

    @Test
    void aStackJsonWhoseIdIsNotItsFolderIsRejected(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("a"));
        Files.writeString(tmp.resolve("a/stack.json"), "{\"id\": \"b\", \"run\": [\"x\"]}");
        IOException e = assertThrows(IOException.class, () -> StackRegistry.load(tmp));
        assertTrue(e.getMessage().contains("$.id"), e.getMessage());
    }

    static void executable(Path p) throws IOException {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
