package dev.tpm.server;

import java.sql.SQLException;
import org.apache.coyote.AbstractProtocol;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

/**
 * Reference server for the java stack: Spring Boot with Spring MVC on embedded Tomcat, SQLite
 * through sqlite-jdbc behind {@link Database} (servers/README.md: one write connection, a read pool
 * of one connection per core, statements prepared once). Tomcat's request threads are the threads
 * that touch SQLite, so their pool is sized to the connections: one per read connection plus one
 * for the writer (Tomcat's default is 200).
 */
@SpringBootApplication(proxyBeanMethods = false)
public class Application {
    /** The CPUs this JVM may run on (affinity mask and cgroup quota); one process. */
    static final int READ_CONNECTIONS = Math.max(1, Runtime.getRuntime().availableProcessors());

    public static void main(String[] args) {
        SpringApplication.run(Application.class, args);
    }

    @Bean(destroyMethod = "close")
    Database database(@Value("${DB_PATH:./items.db}") String path) throws SQLException {
        return new Database(path, READ_CONNECTIONS);
    }

    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> requestThreads() {
        int threads = READ_CONNECTIONS + 1;
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractProtocol<?> p) {
                p.setMaxThreads(threads);
                p.setMinSpareThreads(threads);
            }
        });
    }
}
