# Every colour shape and attribute the contract names, plus wide and combined characters, for CompactScreensTest.
import sys
w = sys.stdout.write
for n in range(16):
    w(f"\033[{30 + n % 8 + (60 if n >= 8 else 0)}m#{n:02d}")
w("\033[0m\n")
for n in range(0, 256, 4):
    w(f"\033[48;5;{n}m \033[38;5;{255 - n}mx")
w("\033[0m\n")
for i in range(40):
    w(f"\033[38;2;{i * 6};{255 - i * 6};{i * 3}m\033[48;2;10;{i};200m@")
w("\033[0m\n")
w("\033[1mbold\033[0m \033[2mdim\033[0m \033[3mitalic\033[0m \033[4munder\033[0m \033[7minverse\033[0m "
  "\033[9mstrike\033[0m \033[1;3;4;31;42mall\033[0m\n")
w("你好世界 wide 表 \033[31m红色\033[0m ascii\n")
w("emoji \U0001F600 \u2764\ufe0f flag \U0001F1FA\U0001F1F8 family \U0001F468\u200d\U0001F469\u200d\U0001F467 e\u0301 "
  "\033[44m\u3000 \u754c\033[0m|\n")
w("tab\tstops\tand\ttrailing   \033[43m   \033[0m\n")
w("ready\n")
