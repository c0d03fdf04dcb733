@echo off
python "%~dp0check_journey" %*
