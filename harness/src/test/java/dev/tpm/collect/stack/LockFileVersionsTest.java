package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Versions as each ecosystem's lock file pins them (small lock files written here). */
class LockFileVersionsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void cargoLockGivesEveryResolvedVersionOfACrate() throws IOException {
        Path lock = write("Cargo.lock", """
                version = 4

                [[package]]
                name = "axum"
                version = "0.8.9"
                source = "registry+https://example.invalid"
                dependencies = [
                 "axum-core",
                ]

                [[package]]
                name = "axum-core"
                version = "0.5.2"

                [[package]]
                name = "hashbrown"
                version = "0.17.2"

                [[package]]
                name = "hashbrown"
                version = "0.15.5"
                """);
        assertEquals(Optional.of("0.8.9"), LockFileVersions.find(lock, "axum"));
        assertEquals(Optional.of("0.15.5, 0.17.2"), LockFileVersions.find(lock, "hashbrown"));
        assertEquals(Optional.empty(), LockFileVersions.find(lock, "tokio"));
    }

    @Test
    void goModGivesTheRequiredVersion() throws IOException {
        Path mod = write("go.mod", """
                module tpm/servers/go

                go 1.26.0

                require modernc.org/sqlite v1.62.0

                require (
                \tmodernc.org/libc v1.80.1 // indirect
                )
                """);
        assertEquals(Optional.of("v1.62.0"), LockFileVersions.find(mod, "modernc.org/sqlite"));
        assertEquals(Optional.of("v1.80.1"), LockFileVersions.find(mod, "modernc.org/libc"));
        assertEquals(Optional.empty(), LockFileVersions.find(mod, "modernc.org"));
    }

    @Test
    void packageLockGivesTheInstalledVersion() throws IOException {
        Path lock = write("package-lock.json", """
                {"lockfileVersion": 3, "packages": {"": {"dependencies": {"fastify": "5.12.8"}},
                 "node_modules/fastify": {"version": "5.12.8"},
                 "node_modules/@fastify/ajv-compiler": {"version": "4.0.2"}}}
                """);
        assertEquals(Optional.of("5.12.8"), LockFileVersions.find(lock, "fastify"));
        assertEquals(Optional.of("4.0.2"), LockFileVersions.find(lock, "@fastify/ajv-compiler"));
        assertEquals(Optional.empty(), LockFileVersions.find(lock, "express"));
    }

    @Test
    void requirementsMatchNamesAsPep503NormalisesThem() throws IOException {
        Path req = write("requirements.txt", """
                # pip-compile output
                fastapi==0.165.0 \\
                    --hash=sha256:00
                    # via -r requirements.in
                pydantic-core==2.50.5 \\
                    --hash=sha256:11
                typing_extensions==4.16.0 ; python_version < "3.13"
                """);
        assertEquals(Optional.of("0.165.0"), LockFileVersions.find(req, "FastAPI"));
        assertEquals(Optional.of("2.50.5"), LockFileVersions.find(req, "pydantic_core"));
        assertEquals(Optional.of("4.16.0"), LockFileVersions.find(req, "typing-extensions"));
        assertEquals(Optional.empty(), LockFileVersions.find(req, "granian"));
    }

    @Test
    void pomGivesTheParentAndDependenciesWithALiteralVersion() throws IOException {
        Path pom = write("pom.xml", """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <parent><groupId>org.springframework.boot</groupId>
                    <artifactId>spring-boot-starter-parent</artifactId><version>4.1.2</version></parent>
                  <dependencies>
                    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-webmvc</artifactId></dependency>
                    <dependency><groupId>org.xerial</groupId><artifactId>sqlite-jdbc</artifactId><version>3.51.1.0</version></dependency>
                    <dependency><groupId>x</groupId><artifactId>from-property</artifactId><version>${x.version}</version></dependency>
                  </dependencies>
                </project>
                """);
        assertEquals(Optional.of("4.1.2"), LockFileVersions.find(pom, "spring-boot-starter-parent"));
        assertEquals(Optional.of("3.51.1.0"), LockFileVersions.find(pom, "org.xerial:sqlite-jdbc"));
        assertEquals(Optional.empty(), LockFileVersions.find(pom, "spring-boot-starter-webmvc"), "managed by the parent");
        assertEquals(Optional.empty(), LockFileVersions.find(pom, "from-property"));
    }

    @Test
    void csprojGivesPackageReferences() throws IOException {
        Path csproj = write("server.csproj", """
                <Project Sdk="Microsoft.NET.Sdk.Web">
                  <ItemGroup><PackageReference Include="Microsoft.Data.Sqlite" Version="10.0.0" /></ItemGroup>
                </Project>
                """);
        assertEquals(Optional.of("10.0.0"), LockFileVersions.find(csproj, "Microsoft.Data.Sqlite"));
    }

    @Test
    void anUnknownFileIsAnErrorNamingIt() throws IOException {
        Path other = write("yarn.lock", "");
        IOException e = assertThrows(IOException.class, () -> LockFileVersions.find(other, "x"));
        assertEquals(other + ": not a lock file this harness reads ([Cargo.lock, go.mod, package-lock.json, "
                + "requirements.txt, pom.xml], *.csproj)", e.getMessage());
    }
}
