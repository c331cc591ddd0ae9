// Reads ISO 2709 records (files given as arguments) with marc4j and prints, per file, one JSON object:
// the leader, then each field as marc4j reads it. MARC-8 records are converted to Unicode by marc4j's
// own converter (MarcPermissiveStreamReader with toUtf8 = true); UTF-8 records are read as UTF-8.
// Files named unimarc-*.mrc are read unconverted (bytes as ISO-8859-1) and each subfield is then
// converted with marc4j's UnimarcToUnicode (ISO 5426 and its escapes), since the reader itself
// picks a charset from leader 09 only. Used by scripts/marc4j-fixtures.ts.
import org.marc4j.*;
import org.marc4j.marc.*;
import org.marc4j.converter.impl.UnimarcToUnicode;
import java.io.*;
import java.util.*;

public class Marc4jDump {
  static String q(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder("{");
    boolean firstFile = true;
    for (String path : args) {
      String name = new File(path).getName();
      if (!firstFile) out.append(",\n");
      firstFile = false;
      out.append(q(name)).append(":");
      try (InputStream in = new FileInputStream(path)) {
        boolean unimarc = name.startsWith("unimarc-");
        MarcReader reader = unimarc
            ? new MarcPermissiveStreamReader(in, true, false, "ISO8859_1")
            : new MarcPermissiveStreamReader(in, true, true);
        UnimarcToUnicode toUnicode = new UnimarcToUnicode();
        if (!reader.hasNext()) { out.append("null"); continue; }
        org.marc4j.marc.Record r = reader.next();
        out.append("{\"leader\":").append(q(r.getLeader().marshal())).append(",\"fields\":[");
        boolean first = true;
        for (VariableField f : r.getVariableFields()) {
          if (!first) out.append(",");
          first = false;
          out.append("{\"tag\":").append(q(f.getTag()));
          if (f instanceof ControlField) {
            out.append(",\"value\":").append(q(((ControlField) f).getData()));
          } else {
            DataField d = (DataField) f;
            out.append(",\"indicators\":").append(q("" + d.getIndicator1() + d.getIndicator2()));
            out.append(",\"subfields\":[");
            boolean fs = true;
            for (Subfield s : d.getSubfields()) {
              if (!fs) out.append(",");
              fs = false;
              out.append("{\"code\":").append(q("" + s.getCode())).append(",\"value\":")
                  .append(q(unimarc ? toUnicode.convert(s.getData()) : s.getData())).append("}");
            }
            out.append("]");
          }
          out.append("}");
        }
        out.append("]}");
      } catch (Exception e) {
        out.append("{\"error\":").append(q(e.toString())).append("}");
      }
    }
    System.out.println(out.append("}"));
  }
}
