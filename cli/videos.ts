import { Command, InvalidArgumentError } from "commander";
import { storeVideo, VideoRefusedError } from "@/lib/server/content/stored-videos";
import { readInputFile } from "./input-file";

/** `video:add FILE`: an MP4 into the object store, for member-only videos (ADR 0066). */
export function registerVideoCommands(program: Command): void {
  program
    .command("video:add")
    .description("store an MP4 in the object storage (S3_* or DATA_DIR/uploads) and print the address to give an article as its video")
    .argument("<file>", "an .mp4 file")
    .action(async (file: string) => {
      const bytes = readInputFile(file);
      let address: string;
      try {
        address = await storeVideo(bytes);
      } catch (err) {
        if (err instanceof VideoRefusedError) throw new InvalidArgumentError(`${file}: ${err.message}`);
        throw err;
      }
      console.log(address);
      console.log("give this address as the article's video (视频地址); readers allowed to watch get it signed for a few hours");
    });
}
